import { ContactMessages, HONEYPOT_FIELD } from '@hs/api/domain/contact/contact-messages';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { ApiError, apiRequest } from '../../api/api-client';
import { contactContent } from '../../content/contact-content';
import { EMPTY_CONTACT, type ContactFieldName, type ContactValues } from './contact-fields';

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

function refusalText(error: ApiError): string {
  return error.fromServer && error.message !== '' ? error.message : ContactMessages.failed;
}

/**
 * docs/product.md sections 4, 5 and 8: the contact form's values, sent to POST /api/contact, cleared on
 * success and kept on failure with the reason.
 */
export function useContactSend(service: string | undefined, prefill: Partial<ContactValues> = {}) {
  const [values, setValues] = useState<ContactValues>(() => ({
    ...EMPTY_CONTACT,
    subject: service === undefined ? '' : contactContent.subjectForService(service),
    ...prefill,
  }));
  const [enquiryAbout, setEnquiryAbout] = useState(service);
  const [honeypot, setHoneypot] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ContactFieldName, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const post = useMutation({
    mutationFn: (message: Record<string, string>) =>
      apiRequest<{ message?: unknown } | null>('/api/contact', { method: 'POST', body: message }),
  });
  const sending = post.isPending;

  const send = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setOutcome(null);
    setFieldErrors({});
    post.mutate(
      {
        ...values,
        ...(enquiryAbout === undefined ? {} : { service: enquiryAbout }),
        [HONEYPOT_FIELD]: honeypot,
      },
      {
        onSuccess: (body) => {
          const message = body?.message;
          setOutcome({
            tone: 'success',
            text: typeof message === 'string' && message !== '' ? message : ContactMessages.sent,
          });
          setValues(EMPTY_CONTACT);
          // The enquiry has been made; a next message from this page is about something else.
          setEnquiryAbout(undefined);
        },
        onError: (error) => {
          // Status 0 is apiRequest's mark for a server that could not be reached at all.
          if (error instanceof ApiError && error.status !== 0) {
            setOutcome({ tone: 'error', text: refusalText(error) });
            setFieldErrors(error.fields);
          } else {
            // docs/product.md section 8 has this failure logged as well as shown.
            console.error('Sending the contact form failed', error);
            setOutcome({ tone: 'error', text: ContactMessages.exception });
          }
        },
      },
    );
  };

  const change = (name: ContactFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  return { values, change, honeypot, setHoneypot, fieldErrors, outcome, sending, send };
}
