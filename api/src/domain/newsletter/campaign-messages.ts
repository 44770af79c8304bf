import type { CampaignFormatId, CampaignView } from './newsletter-schema';

/** What the campaign routes say to an operator, and the mark a test send carries. */
export const CampaignMessages = {
  notFound: 'No such campaign.',
  onlyDraftSent: 'Only a draft campaign can be sent.',
  onlySendingPaused: 'Only a campaign that is sending can be paused.',
  onlyPausedResumed: 'Only a paused campaign can be resumed.',
  onlyDraftEdited: 'Only a draft campaign can be edited: this one has gone out.',
  onlyDraftDeleted: 'Only a draft campaign can be deleted: this one has gone out.',
  previewLinkInvalid: 'This preview link is invalid or has expired. Open the preview again.',
  /** A test send's subject: never mistaken for the real one in an inbox. */
  testSubject: (subject: string) => `[Test] ${subject}`,
  testQueued: (subject: string, to: string) =>
    `A test of “${subject}” is on its way to ${to}. Subscribers get nothing until you send it.`,
} as const;

/** `GET /api/admin/campaigns/{id}/preview`: a campaign as it will go out, and what it was written as. */
export interface CampaignPreview {
  campaign: CampaignView;
  /** What the operator wrote: the edit form starts from it. */
  source: { subject: string; format: CampaignFormatId; body: string };
  /**
   * The email a subscriber gets: the subject, the HTML and the text part, in the frame every
   * newsletter has. Its unsubscribe links are signed for nobody: following them changes nothing.
   */
  email: { subject: string; html: string; text: string };
  /** A short-lived signed address of `email.html` as a page of its own, for a frame. */
  htmlUrl: string;
}
