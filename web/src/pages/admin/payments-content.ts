/** The words of the admin area's Payments tab (beside admin-content.ts, in the admin chunk). */

import type { DocumentKind } from '@hs/api/domain/invoice/document-number';

export const paymentsContent = {
  tab: 'Payments',
  heading: 'Payments: invoices and credit notes',
  loading: 'Loading the books…',
  empty: 'No invoices or credit notes in this period.',
  filtersLabel: 'Filter the books',
  from: 'From',
  to: 'To',
  periodOrder: 'Choose a start date on or before the end date.',
  periodDates: 'Enter both dates (YYYY-MM-DD).',
  quickLabel: 'Quick periods',
  quick: { thisQuarter: 'This quarter', lastQuarter: 'Last quarter', thisYear: 'This year' },
  service: 'Service',
  anyService: 'All services',
  kind: 'Kind',
  anyKind: 'All',
  kindChoices: { invoice: 'Invoices', credit_note: 'Credit notes' } satisfies Record<
    DocumentKind,
    string
  >,
  kindLabels: { invoice: 'Invoice', credit_note: 'Credit note' } satisfies Record<
    DocumentKind,
    string
  >,
  totalsHeading: 'Totals',
  totals: {
    sales: 'Sales',
    hstCollected: 'HST collected',
    refunds: 'Refunds',
    net: 'Net',
  },
  totalsNote: 'Sales, refunds and net are before HST; HST collected is net of refunds.',
  download: 'Download CSV',
  downloading: 'Preparing the CSV…',
  weeklyHeading: 'Revenue per week',
  weeklyChartLabel:
    'Bar chart of revenue per week by service, stacked. The table beside it lists the same numbers.',
  weeklyCaption: 'Revenue before HST per week (from Monday), by service, net of credit notes',
  week: 'Week of',
  total: 'Total',
  quartersHeading: 'HST per quarter',
  quartersChartLabel: 'Bar chart of HST per quarter. The table beside it lists the same numbers.',
  quartersCaption: 'HST collected per quarter, net of credit notes',
  quarter: 'Quarter',
  hst: 'HST',
  documentsHeading: 'Documents',
  documentsCaption: 'Invoices and credit notes, newest first',
  columns: {
    date: 'Date',
    number: 'Number',
    kind: 'Kind',
    customer: 'Customer',
    company: 'Company',
    subtotal: 'Subtotal',
    hst: 'HST',
    total: 'Total',
  },
  noCompany: '—',
  truncated: (shown: number) =>
    `Showing the newest ${String(shown)} documents; the totals, charts and CSV count them all.`,
} as const;
