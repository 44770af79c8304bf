/**
 * The words of the Contact page (docs/product.md section 2): its map, the ways to reach us and the message
 * form. The company's own details come from the shared Company record so every page agrees.
 */
import { Company } from '@hs/api/domain/company';

/** docs/product.md section 9: the business's street corner, as the original map showed it. */
export const MAP_CENTRE: readonly [latitude: number, longitude: number] = [43.708, -79.446];
export const MAP_ZOOM = 15;

const [latitude, longitude] = MAP_CENTRE;

export const contactContent = {
  details: {
    title: 'Get in Touch',
    lead:
      'Planning a clean, a garden makeover or a repair? Tell us what you have in mind and we will ' +
      'reply within one business day with ideas, a time that suits you and a clear price.',
    addressLabel: 'Address',
    phoneLabel: 'Phone',
    emailLabel: 'E-mail',
  },
  map: {
    caption: `Our office: ${Company.mailingAddress}`,
    loading: 'Loading the map…',
    unavailable: 'The map cannot be shown right now.',
    tilesFailed: 'Some of the map could not be loaded. Our address is above.',
    openExternally: 'Open the map on OpenStreetMap',
    /** A plain link works even when the embedded map does not (no script, tile server down). */
    externalUrl: `https://www.openstreetmap.org/?mlat=${String(latitude)}&mlon=${String(longitude)}#map=17/${String(latitude)}/${String(longitude)}`,
  },
  form: {
    eyebrow: 'Contact With Us',
    title: 'Write a Message',
    fullName: 'Full name',
    email: 'Email address',
    phone: 'Phone number',
    subject: 'Subject',
    message: 'Message',
    /** Read by no one but a robot; see HONEYPOT_FIELD. */
    honeypot: 'Leave this field empty',
    submit: 'Send Message',
    sending: 'Sending…',
    requiredHint: 'All fields are required.',
  },
  /** The subject a visitor starts with after pressing Contact Us on a service card. */
  subjectForService: (service: string) => `Booking enquiry: ${service}`,
} as const;
