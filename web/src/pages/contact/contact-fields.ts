import { contactContent } from '../../content/contact-content';

const copy = contactContent.form;

export type ContactFieldName = 'fullName' | 'email' | 'phone' | 'subject' | 'message';
export type ContactValues = Record<ContactFieldName, string>;

export interface ContactFieldSpec {
  readonly name: ContactFieldName;
  readonly label: string;
  readonly type?: 'email' | 'tel';
  readonly autoComplete: string;
  readonly multiline?: boolean;
}

export const CONTACT_FIELDS: readonly ContactFieldSpec[] = [
  { name: 'fullName', label: copy.fullName, autoComplete: 'name' },
  { name: 'email', label: copy.email, type: 'email', autoComplete: 'email' },
  { name: 'phone', label: copy.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: copy.subject, autoComplete: 'off' },
  { name: 'message', label: copy.message, autoComplete: 'off', multiline: true },
];

export const EMPTY_CONTACT: ContactValues = {
  fullName: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
};
