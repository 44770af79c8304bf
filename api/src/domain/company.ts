/**
 * Who we are, as every page and email states it. docs/product.md gives no phone, e-mail or street
 * address; these are the business's placeholders until it supplies its own (the map centre of
 * docs/product.md section 9 is at Eglinton Avenue West and Dufferin Street).
 */
export const Company = {
  name: 'Home Services',
  email: 'hello@homeservices.ca',
  phone: '(416) 555-0142',
  phoneHref: 'tel:+14165550142',
  street: '1910 Eglinton Ave W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M6E 2J7',
  get mailingAddress(): string {
    return `${this.street}, ${this.city}, ${this.province} ${this.postalCode}, Canada`;
  },
} as const;
