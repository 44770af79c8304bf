/**
 * The Privacy Policy and the Terms of Service (a decision in docs/product.md#decisions gives the footer's two links real pages).
 * Written for an Ontario business under PIPEDA and CASL; what they promise about payments, the
 * newsletter, cancellations and refunds is what the API does.
 */

import { formatCad, PLANS, type PlanId, TIME_WINDOWS } from '@hs/api/domain/booking/catalogue';
import { Company } from '@hs/api/domain/company';

export interface LegalSection {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly items?: readonly string[];
  /** Said after the list, when a section needs both. */
  readonly after?: readonly string[];
}

export interface LegalDocument {
  readonly updated: string;
  readonly intro: readonly string[];
  readonly sections: readonly LegalSection[];
}

export const lastUpdatedLabel = 'Last updated:';

/** Contact lines both documents end with, from the one definition of the company. */
const contactItems: readonly string[] = [
  `By e-mail: ${Company.email}`,
  `By phone: ${Company.phone}`,
  `By mail: ${Company.name}, ${Company.mailingAddress}`,
];

const timeWindowList = TIME_WINDOWS.map((window) => `${window.label} (${window.range})`).join(', ');

function priceOf(planId: PlanId): string {
  const cents = PLANS.find((plan) => plan.id === planId)?.amountCents;
  return cents === null || cents === undefined ? '' : formatCad(cents);
}

export const privacyPolicy: LegalDocument = {
  updated: 'November 2026',
  intro: [
    `${Company.name} ("we", "us") provides cleaning, gardening, landscaping, carpentry, painting, pressure washing, snow removal and related home services in the Toronto area. This policy explains what personal information we collect through this website and when we provide our services, why we collect it, how we protect it and the choices you have.`,
    'We handle personal information in line with the Personal Information Protection and Electronic Documents Act (PIPEDA) and its fair information principles, and we send commercial e-mail only as Canada’s Anti-Spam Legislation (CASL) allows.',
  ],
  sections: [
    {
      heading: 'What we collect',
      items: [
        'Your account: your first and last name, e-mail address, home address and password when you register (we store only a secure one-way hash of your password, never the password itself). If you sign in with Google, we receive your name and e-mail address from Google.',
        'Your profile, if you fill it in: phone number, address, city, province, postal code, country, date of birth, a few words about yourself and a profile photo.',
        'Your bookings: your name, phone number, e-mail address, the service address, the service and plan you chose, the date and time window you prefer, and the booking’s status and payment status.',
        'Photos you upload with a booking, so our team can see the job before the visit.',
        'Payments: the amount, the date and whether the payment succeeded or was refunded. Card payments are processed by Stripe; your card number, expiry date and security code go directly to Stripe and never reach or are stored on our servers.',
        'Contact messages: your name, e-mail address, phone number, subject and message when you write to us.',
        'Newsletter: your e-mail address, when you asked to subscribe, when you confirmed, and when you unsubscribed.',
        'Technical information: your IP address and the pages and requests your browser makes, which our servers record in logs for security and to fix problems.',
      ],
    },
    {
      heading: 'Why we use it',
      items: [
        'To create and run your account and let you sign in.',
        'To schedule, carry out and follow up on the services you book, and to prepare estimates.',
        'To take payments, issue refunds and keep the records tax law requires.',
        'To send the e-mails that go with a booking or an account: confirmations, reminders, changes, cancellations, receipts and password resets.',
        'To answer your messages and questions.',
        'To send our newsletter, only if you asked for it and confirmed.',
        'To keep the website secure, prevent abuse (for example by limiting repeated attempts) and fix problems.',
      ],
      after: [
        'We do not sell or rent your personal information, and we do not use it for purposes other than these without your consent, unless the law requires it.',
      ],
    },
    {
      heading: 'Consent',
      paragraphs: [
        'By giving us your information to book a service, create an account or contact us, you consent to its use for that purpose. You may withdraw your consent at any time, subject to legal or contractual limits (for example, we must keep payment records, and we cannot carry out a booking without an address). Tell us using the contact details below and we will explain what withdrawing means for you.',
      ],
    },
    {
      heading: 'Newsletter',
      paragraphs: [
        'Our newsletter uses double opt-in: after you enter your e-mail address we send one message with a confirmation link, and you are subscribed only once you click it. If you do not confirm, you receive nothing more from us about the newsletter.',
        `Every newsletter identifies ${Company.name}, gives our mailing address and contains a one-click unsubscribe link. Unsubscribing takes effect immediately; you can also unsubscribe by writing to us.`,
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'We share personal information only with service providers that help us run the business, and only what they need to do their work:',
      ],
      items: [
        'Stripe, to process card payments and refunds.',
        'Our hosting, data storage and e-mail delivery providers, which store our data and send our e-mails on our behalf.',
        'Google, only if you choose to sign in with Google.',
        'The map on our contact page loads map images from OpenStreetMap’s tile servers, which receive your IP address as any website you visit does.',
      ],
      after: [
        'These providers must protect your information and may use it only to provide their services to us. Some of them may store or process information outside Ontario and outside Canada, including in the United States, where it may be accessible to courts and authorities under the laws of those countries. We may also disclose information when the law requires it.',
      ],
    },
    {
      heading: 'How long we keep it',
      items: [
        'Account and profile information: for as long as your account is open, and deleted within 90 days after you ask us to close it.',
        'Booking and payment records: six years after the end of the tax year they relate to, as the Canada Revenue Agency requires.',
        'Photos uploaded with a booking: up to 12 months after the visit, then deleted.',
        'Contact messages: up to two years after our last exchange with you.',
        'Records of the newsletters we sent you (which one, when, and whether it was delivered): 12 months after the mailing was finished.',
        'Newsletter: for as long as you are subscribed. After you unsubscribe we keep only your address and the date, so that we never write to you again by mistake.',
        'Server logs: up to 90 days.',
      ],
    },
    {
      heading: 'How we protect it',
      paragraphs: [
        'The website is served only over encrypted connections (HTTPS). Passwords are stored as slow, salted hashes; password-reset links are single-use and expire after a short time; booking photos are kept in private storage that is not reachable from the internet; and access to personal information is limited to the staff and providers who need it. No system is perfectly secure, but if a breach creates a real risk of significant harm to you, we will tell you and the Office of the Privacy Commissioner of Canada, as PIPEDA requires.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'We use only what the website needs to work. When you sign in, your browser keeps your sign-in token, your display name and a copy of your profile in its local storage; logging out removes them. Signing in with Google uses a short-lived cookie to complete the sign-in securely.',
        'We do not use advertising or tracking cookies and we do not use third-party analytics.',
      ],
    },
    {
      heading: 'Your rights: access and correction',
      paragraphs: [
        'You may ask to see the personal information we hold about you, ask how it has been used and to whom it has been disclosed, and ask us to correct anything that is inaccurate or incomplete. You can update most of your details yourself on your Profile page. Send other requests to our Privacy Officer using the details below. We will confirm your identity and answer within 30 days, free of charge. If we cannot give you access to some information, we will tell you why.',
        'If you are not satisfied with our answer, you may complain to the Office of the Privacy Commissioner of Canada (www.priv.gc.ca).',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Our services are booked by adults. We do not knowingly collect personal information from children under 16.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy when our services or the law change. The date at the top shows the latest version; if a change is significant, we will tell account holders by e-mail before it takes effect.',
      ],
    },
    {
      heading: 'Contact our Privacy Officer',
      paragraphs: [
        'Questions, requests and complaints about your personal information go to our Privacy Officer:',
      ],
      items: contactItems,
    },
  ],
};

export const termsOfService: LegalDocument = {
  updated: 'November 2026',
  intro: [
    `These terms apply when you use this website and when you book, pay for or receive a service from ${Company.name} ("we", "us"), a home-services business in Toronto, Ontario. By booking a service you agree to them. Please read them with our Privacy Policy, which explains how we handle your personal information.`,
  ],
  sections: [
    {
      heading: 'Booking a service',
      paragraphs: [
        `You can book a service online by choosing a service and a plan, your preferred date and a time window: ${timeWindowList}. Our team arrives within the time window you chose. A paid booking is confirmed once your payment succeeds, and we send a confirmation e-mail with a link where you can see, move or cancel it.`,
        'An unpaid booking holds its place only for a short time while you complete the payment; after that the place is released to other customers.',
        'You must give accurate details, including the service address and a phone number where we can reach you, and make sure we can access the property at the booked time (for example, by leaving a gate unlocked or telling us about pets and parking).',
      ],
    },
    {
      heading: 'Estimates',
      paragraphs: [
        'Some work, such as construction and specialized carpentry, is priced only after a free on-site visit. You can request a Custom Estimate online at no cost. We will contact you to arrange the visit and then send a detailed written quote. An estimate creates no obligation; the work is booked only when you accept the quote, and the quote’s own price, schedule and payment terms then apply.',
      ],
    },
    {
      heading: 'Prices and taxes',
      paragraphs: [
        `All prices are in Canadian dollars (CAD). The One-time Visit costs ${priceOf('one-time')} and the Monthly Visit costs ${priceOf('monthly')} (four visits within one month). Prices shown on the website include the 13% Harmonized Sales Tax (HST) that applies in Ontario; the amount charged at checkout is the price shown, with no hidden fees.`,
        'Work beyond the booked service (for example, extra rooms, heavy debris or repairs discovered on site) is done only after you agree to it and its price.',
      ],
    },
    {
      heading: 'Payment',
      paragraphs: [
        'Paid plans are paid in advance, online, by credit or debit card. Payments are processed securely by Stripe; we never see or store your full card number. The Monthly Visit plan is paid in advance for its month and does not renew automatically. A booking is confirmed only when the payment succeeds; if it is declined, no service is booked and you can try again.',
      ],
    },
    {
      heading: 'Cancellations and refunds',
      items: [
        'You can cancel a booking at any time before the visit, using the link in your confirmation e-mail or by contacting us.',
        'Cancellations more than 24 hours before the start of your booked time window are free: we refund the full amount to the card you paid with. Refunds usually appear on your statement within 5 to 10 business days, depending on your bank.',
        'Cancellations 24 hours or less before the start of your time window are not refunded, because the crew and the time have been reserved for you.',
        'If we have to cancel a visit (for example, because of severe weather or an emergency), we will offer you another time or a full refund, as you prefer.',
      ],
    },
    {
      heading: 'Rescheduling',
      paragraphs: [
        'You can move a booking to another date and time window free of charge, using the link in your confirmation e-mail or by contacting us, as long as the new time has places available. Moving a booking does not change what you paid; the cancellation rules above then apply to the new time.',
      ],
    },
    {
      heading: 'Our satisfaction guarantee',
      paragraphs: [
        'We offer a 100% Satisfaction Guarantee. If something we did is not right, tell us within 48 hours of the visit, with photos if you can, and we will come back to put it right at no extra cost. If we cannot put it right, we will refund what you paid for the part of the service concerned.',
      ],
    },
    {
      heading: 'Our responsibility',
      paragraphs: [
        'Our staff are background-checked and we are fully insured. We carry out every service with reasonable care and skill. If we damage your property, tell us within 48 hours of the visit and we will repair it, replace it or compensate you at its fair value.',
        'To the extent Ontario law allows, we are not responsible for pre-existing damage or wear, for damage caused by hidden defects we could not reasonably have known about, or for losses that could not reasonably have been foreseen, and our total responsibility for a booking is limited to the greater of the price you paid for it and the amount our insurance pays for the claim. Nothing in these terms limits your rights under Ontario’s Consumer Protection Act, 2002, or any other right that cannot be excluded by contract.',
      ],
    },
    {
      heading: 'Photos',
      paragraphs: [
        'You may upload a photo of the job when you book (JPEG or PNG, up to 5 MB). Upload only photos of the property where the service will take place, that you are entitled to share, and that do not show people who have not agreed to it. We use them only to prepare for your visit and keep them private. Our crew may also take before-and-after photos of the work for quality control; we never publish photos of your property without your permission.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for bookings made through your account. We may suspend an account that is used for fraud or to harm others.',
      ],
    },
    {
      heading: 'Using this website',
      paragraphs: [
        'The content of this website belongs to us or our licensors. Do not misuse the website, for example by trying to break into it, overloading it or using it to send unsolicited messages. We may change the website, our services and these terms; the version in force when you book applies to that booking.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. Any dispute will be heard by the courts of Ontario, without affecting any right you have to bring a claim where you live.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: ['Questions about these terms or a booking:'],
      items: contactItems,
    },
  ],
};
