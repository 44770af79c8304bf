/**
 * The words of the home page's later sections (Why Choose Us to the FAQ), apart from the rest
 * of home-content.ts because those sections load as the reader scrolls towards them.
 */
import { avatarImage, cardImage, heroImage, type SiteImage } from './images';
import type { CarouselLabels } from './home-content';
import type { Testimonial } from './testimonial-content';

export interface ChooseUsPoint {
  readonly title: string;
  readonly text: string;
}

export const whyChooseUsContent = {
  heading: 'Why Choose Us',
  lead: 'Serving Toronto homes and businesses since 2015.',
  points: [
    {
      title: 'Expert Staff',
      text: 'Trained, experienced cleaners and tradespeople who treat your home like their own.',
    },
    {
      title: 'Flexible Scheduling',
      text: 'Daily, weekly or monthly visits, in the morning, afternoon or evening.',
    },
    {
      title: 'Eco-Friendly Products',
      text: 'Cleaning products that are safe for children, pets and the planet.',
    },
    {
      title: 'Affordable Rates',
      text: 'Clear prices before you book, with no hidden fees.',
    },
  ] satisfies readonly ChooseUsPoint[],
  highlights: [
    '100% Satisfaction Guarantee',
    'Rated 4.9/5 from 2,500+ reviews',
    '5,000+ happy customers',
  ],
  image: cardImage(
    '/images/home/why-choose-us',
    'Our crew beside a shield with a check mark and five stars',
  ),
  book: { label: 'Book Your Cleaning Today', to: '/service/service1' },
  badgesLabel: 'Our promises',
  badges: [
    'Eco-Friendly',
    'Fully Insured',
    '5-Star Rated',
    'Same-Day Service',
    'Background Checked',
    '100% Satisfaction',
  ],
} as const;

export interface Partner {
  readonly name: string;
  readonly logo: string;
}

export const partnersContent = {
  heading: 'Our Partners',
  partners: [
    { name: 'Manufacturing', logo: '/images/partners/manufacturing.svg' },
    { name: 'Collaborations', logo: '/images/partners/collaborations.svg' },
    { name: 'Global Partners', logo: '/images/partners/global-partners.svg' },
    { name: 'Technology', logo: '/images/partners/technology.svg' },
  ] satisfies readonly Partner[],
} as const;

export interface Stat {
  readonly value: number;
  readonly label: string;
  readonly suffix?: string;
}

export const statsContent = {
  heading: 'Our work in numbers',
  stats: [
    { value: 870, label: 'Expert Employees' },
    { value: 20_000, suffix: '+', label: 'Hours Work' },
    { value: 298, label: 'Work done' },
    { value: 723, label: 'Active Employees' },
  ] satisfies readonly Stat[],
} as const;

export const testimonialsContent = {
  heading: 'What Our Customers Say',
  lead: 'Rated 4.9/5 from 2,500+ reviews.',
  carouselLabel: 'Testimonials',
  showLabel: (position: number) => `Show testimonial ${position}`,
  positionLabel: (position: number, count: number) => `Testimonial ${position} of ${count}`,
  controls: {
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    pause: 'Pause testimonials',
    play: 'Play testimonials',
  } satisfies CarouselLabels,
  testimonials: [
    {
      name: 'Priya Sharma',
      role: 'Homeowner, North York',
      rating: 5,
      text: 'They come every two weeks and the house has never looked better. Same friendly team each time, and they always text before they arrive.',
      image: avatarImage('/images/testimonials/person-1', ''),
    },
    {
      name: 'Marie Tremblay',
      role: 'Restaurant Owner, Leslieville',
      rating: 5,
      text: 'They pressure washed our patio and redid the planters in one day. The quote was exactly what we paid, with no surprises.',
      image: avatarImage('/images/testimonials/person-2', ''),
    },
    {
      name: 'Daniel Okafor',
      role: 'Office Manager, Midtown',
      rating: 5,
      text: 'Our office is cleaned after hours without a single missed visit in a year. Booking extra visits before client days takes a minute.',
      image: avatarImage('/images/testimonials/person-3', ''),
    },
  ] satisfies readonly Testimonial[],
} as const;

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
}

export interface FaqVideo {
  readonly title: string;
  readonly description: string;
  readonly poster: SiteImage;
}

export const faqContent = {
  heading: 'Frequently Asked Questions',
  questions: [
    {
      question: 'Which areas do you serve?',
      answer:
        'All of Toronto, including North York, Etobicoke, Scarborough, East York and York, and the nearby cities of Mississauga, Vaughan, Markham and Richmond Hill. If you are just outside these areas, ask us: we can often still come.',
    },
    {
      question: 'How do I book, and can I reschedule?',
      answer:
        'Choose a service, pick a plan, then a date and a morning, afternoon or evening window. Your confirmation email has a link to move or cancel the visit; cancel at least 24 hours ahead and you get a full refund.',
    },
    {
      question: 'How much will it cost?',
      answer:
        'Most services are booked as a one-time visit or a monthly plan of four visits, and you see the price before you pay. Carpentry and construction work is quoted after a free on-site estimate, with no obligation and no hidden fees.',
    },
    {
      question: 'Do you bring your own supplies, and are they eco-friendly?',
      answer:
        'Yes. Our teams bring every tool and product they need, and our cleaning products are eco-friendly and safe for children and pets. If you would rather we used your own products, just tell us when you book.',
    },
    {
      question: 'Are your workers insured and background checked?',
      answer:
        'Every job is fully insured, and every member of our team passes a criminal background check before their first visit.',
    },
    {
      question: 'What if I am not happy with the work?',
      answer:
        'You are covered by our 100% Satisfaction Guarantee: tell us within 24 hours of the visit and we come back to put it right at no cost.',
    },
  ] satisfies readonly FaqEntry[],
  videosHeading: 'See Our Teams at Work',
  videoLabel: (position: number, count: number) => `Video ${position} of ${count}`,
  controls: { previous: 'Previous video', next: 'Next video' },
  videos: [
    {
      title: 'How Booking Works',
      description:
        'Choosing a service, a plan, a day and a time window, and what the confirmation says.',
      poster: heroImage(
        '/images/faq/video-1',
        'A laptop showing our booking calendar with a day confirmed',
      ),
    },
    {
      title: 'A Kitchen Deep Clean, Start to Finish',
      description: 'How our cleaners work through a kitchen, from the top shelves to the floor.',
      poster: heroImage('/images/faq/video-2', 'A cleaning team at work in a kitchen'),
    },
    {
      title: 'Planting a Garden Border',
      description: 'A garden crew plants, mulches and waters a border in a single visit.',
      poster: heroImage('/images/faq/video-3', 'A garden crew planting and watering a border'),
    },
    {
      title: 'Repairing a Deck Board',
      description: 'How our carpenters replace a worn board so it matches the rest of the deck.',
      poster: heroImage('/images/faq/video-4', 'A carpenter fixing a new board into a deck'),
    },
  ] satisfies readonly FaqVideo[],
} as const;
