/**
 * The 404 page's own words; its title and the home link are in site-content.ts, where the
 * route tests read them.
 */
export const notFoundContent = {
  suggestionsTitle: 'Try one of these instead',
  home: {
    description: 'Start again from the front page.',
  },
  suggestions: [
    {
      label: 'Browse our services',
      to: '/service/service1',
      description: 'Cleaning, gardening, repairs and more, with online booking.',
    },
    {
      label: 'Get in touch',
      to: '/contact',
      description: 'Send us a message or find our Toronto office on the map.',
    },
    {
      label: 'Read our blog',
      to: '/blogs',
      description: 'Seasonal tips for Toronto homes and gardens.',
    },
  ],
  callPrefix: 'Looking for something specific? Call us at',
} as const;
