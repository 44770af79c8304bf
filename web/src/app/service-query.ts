import type { Service } from '@hs/api/domain/booking/catalogue';

/**
 * The `?service=` of the services page (docs/product.md section 2): a card's keyword, as the
 * specification links it. Keywords are not unique (House/Office Cleaning and Seasonal Cleaning
 * are both `house`), so a service whose keyword an earlier one has is named by its id instead.
 */

/**
 * What a link to `service` puts in `?service=`: its keyword, which opens the first service that
 * has it, or its id when an earlier service has that keyword too.
 */
export function serviceQueryValue(service: Service, services: readonly Service[]): string {
  const opened = services.find((other) => other.keyword === service.keyword);
  return opened === undefined || opened.id === service.id ? service.keyword : service.id;
}

/**
 * The service `?service=` asks for: by id, else the first with that keyword, so every link
 * made by keyword (emails, bookmarks, the specification's) still opens what it opened.
 */
export function serviceForQuery(
  services: readonly Service[],
  value: string | null,
): Service | undefined {
  if (value === null) return undefined;
  return (
    services.find((service) => service.id === value) ??
    services.find((service) => service.keyword === value)
  );
}
