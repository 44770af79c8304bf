import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from './site-config';

function serviceAreasOf(body: unknown): readonly string[] | null {
  if (typeof body !== 'object' || body === null || !('serviceAreas' in body)) return null;
  const { serviceAreas } = body;
  return Array.isArray(serviceAreas) && serviceAreas.every((area) => typeof area === 'string')
    ? serviceAreas
    : null;
}

/**
 * The postal-code areas the business serves, from the deployment's settings
 * (`GET /api/site-config`), or null until they are known. Null is not "nowhere": the form then
 * checks only the postal code's format and lets the API, which always knows, judge the area.
 */
export function useServiceAreas(): readonly string[] | null {
  // A failure shows nothing: the booking is still checked by the API when it is sent.
  const { data } = useQuery({ ...siteConfigQuery, select: serviceAreasOf });
  return data ?? null;
}
