import { useMutation } from '@tanstack/react-query';
import type { CampaignPreview } from '@hs/api/domain/newsletter/campaign-messages';
import {
  unansweredAfterSending,
  type CampaignView,
} from '@hs/api/domain/newsletter/newsletter-schema';
import { useId, useState } from 'react';
import { type CampaignAction, fetchCampaigns, runCampaignAction } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { campaignsContent as copy } from './admin-content';
import { formatMoment } from './admin-format';
import { AdminTable } from './AdminTable';
import { CampaignForm, type CampaignDraft } from './CampaignForm';
import { CampaignPreviewPanel } from './CampaignPreviewPanel';
import { ConfirmQuestion } from './ConfirmQuestion';
import { LoadStatus } from './LoadStatus';
import {
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
  type AdminMessage,
} from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

/** How often the list is read again while a campaign is going out. */
export const CAMPAIGN_REFRESH_MS = 3000;

/** What may be done with a campaign in its status: one action at most. */
function actionFor(campaign: CampaignView): CampaignAction | null {
  switch (campaign.status) {
    case 'draft':
      return 'send';
    case 'sending':
      return 'pause';
    case 'paused':
      return 'resume';
    case 'sent':
    case 'cancelled':
      return null;
  }
}

/** While a campaign is going out, its progress changes by itself: the list is read again. */
const isSending = (campaigns: readonly CampaignView[]) =>
  campaigns.some((campaign) => campaign.status === 'sending');

function replaced(list: CampaignView[], campaign: CampaignView): CampaignView[] {
  return list.map((item) => (item.id === campaign.id ? campaign : item));
}

/**
 * Where a campaign an operator just sent, paused or resumed stands, from the list as last read:
 * the banner follows the campaign, so it never says Sending beside a row that says Sent.
 */
function stateText(campaign: CampaignView): AdminMessage {
  const { sent, failed, total } = campaign.progress;
  switch (campaign.status) {
    case 'sending':
      return {
        tone: 'info',
        text: copy.state.sending(campaign.subject, sent, total, campaign.recipientsFixed),
      };
    case 'sent':
      return { tone: 'success', text: copy.state.sent(campaign.subject, sent, failed) };
    default:
      return { tone: 'info', text: copy.state[campaign.status](campaign.subject) };
  }
}

/**
 * The newsletters: where each delivery stands, a preview of each as it will go out, a draft
 * written, edited, tested on the operator alone or thrown away, and send, pause or resume.
 */
export function CampaignsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const [message, setMessage] = useState<AdminMessage>(null);
  /** The campaign whose state the banner follows, after an action on it. */
  const [watching, setWatching] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  /** Raised at each save, so an open preview reads the campaign again. */
  const [revision, setRevision] = useState(0);
  const [editing, setEditing] = useState<CampaignDraft | null>(null);
  const { state, retry, update } = useAdminData(
    session,
    queryKeys.admin.campaigns(session.token),
    (signal) => fetchCampaigns(session.token, signal),
    { everyMs: CAMPAIGN_REFRESH_MS, while: isSending },
  );
  const campaigns = state.status === 'ready' ? state.data : [];
  const campaignAction = useMutation({
    mutationFn: ({ campaign, action }: { campaign: CampaignView; action: CampaignAction }) =>
      runCampaignAction(session.token, campaign.id, action),
  });
  const watched = campaigns.find((campaign) => campaign.id === watching);
  const banner = watched === undefined ? message : stateText(watched);

  const say = (said: AdminMessage) => {
    setWatching(null);
    setMessage(said);
  };

  const run = (campaign: CampaignView, action: CampaignAction) =>
    campaignAction.mutateAsync({ campaign, action }).then(
      (changed) => {
        update((list) => replaced(list, changed));
        setMessage(null);
        setWatching(changed.id);
      },
      (error: unknown) => {
        if (!reportDenial(session, error)) say({ tone: 'error', text: failureText(error) });
      },
    );

  const onPreviewAction = (preview: CampaignPreview, done: 'edit' | 'deleted') => {
    if (done === 'edit') {
      setEditing({ id: preview.campaign.id, ...preview.source });
      return;
    }
    update((list) => list.filter((campaign) => campaign.id !== preview.campaign.id));
    setPreviewing(null);
    if (editing?.id === preview.campaign.id) setEditing(null);
    say({ tone: 'success', text: copy.deleted(preview.campaign.subject) });
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {banner === null ? null : <Notice tone={banner.tone}>{banner.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <CampaignTable
          campaigns={state.data}
          onAction={run}
          onPreview={(campaign) => {
            setPreviewing(campaign.id);
          }}
        />
      ) : null}
      {previewing === null ? null : (
        <CampaignPreviewPanel
          key={`${previewing}-${String(revision)}`}
          session={session}
          campaignId={previewing}
          onAction={onPreviewAction}
          onClose={() => {
            setPreviewing(null);
          }}
        />
      )}
      <CampaignForm
        // A new form for each draft edited, and a blank one after.
        key={editing?.id ?? 'new'}
        session={session}
        draft={editing}
        onSaved={(campaign, created) => {
          update((list) => (created ? [campaign, ...list] : replaced(list, campaign)));
          setRevision((current) => current + 1);
          setEditing(null);
          say(created ? null : { tone: 'success', text: copy.saved(campaign.subject) });
        }}
        onCancel={() => {
          setEditing(null);
        }}
      />
    </section>
  );
}

interface CampaignTableProps {
  readonly campaigns: readonly CampaignView[];
  readonly onAction: (campaign: CampaignView, action: CampaignAction) => Promise<void>;
  readonly onPreview: (campaign: CampaignView) => void;
}

function CampaignTable({ campaigns, onAction, onPreview }: CampaignTableProps) {
  return (
    <AdminTable
      content={copy}
      rows={campaigns}
      rowHeader={(campaign) => campaign.subject}
      cells={(campaign) => (
        <>
          <td>{copy.statusLabels[campaign.status]}</td>
          <td>{formatMoment(campaign.createdAt)}</td>
          <td>
            <CampaignProgress campaign={campaign} />
          </td>
          <td>
            <div className="admin-actions">
              <button
                type="button"
                className="button button--secondary"
                aria-label={copy.previewLabel(campaign.subject)}
                onClick={() => {
                  onPreview(campaign);
                }}
              >
                {copy.preview}
              </button>
              <CampaignActionButton campaign={campaign} onAction={onAction} />
            </div>
          </td>
        </>
      )}
    />
  );
}

function CampaignProgress({ campaign }: { readonly campaign: CampaignView }) {
  const { total, sent, failed, skipped, pending } = campaign.progress;
  const lostAnswers = unansweredAfterSending(campaign);
  return (
    <div className="admin-progress">
      <progress
        max={Math.max(total, 1)}
        value={sent + failed + skipped}
        aria-label={copy.progressLabel(campaign.subject)}
      />
      <span>{copy.progress(sent, failed, pending, total)}</span>
      {lostAnswers > 0 ? <span>{copy.unconfirmed(lostAnswers)}</span> : null}
    </div>
  );
}

interface CampaignActionButtonProps {
  readonly campaign: CampaignView;
  readonly onAction: (campaign: CampaignView, action: CampaignAction) => Promise<void>;
}

/** Sending reaches every subscriber and cannot be called back, so it asks once more. */
function CampaignActionButton({ campaign, onAction }: CampaignActionButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = actionFor(campaign);
  if (action === null) return null;

  const go = () => {
    setBusy(true);
    void onAction(campaign, action).finally(() => {
      setBusy(false);
      setConfirming(false);
    });
  };

  if (confirming) {
    return (
      <ConfirmQuestion
        question={copy.confirmSend(campaign.subject)}
        yes={copy.confirmYes}
        no={copy.confirmNo}
        busy={busy}
        onYes={go}
        onNo={() => {
          setConfirming(false);
        }}
      />
    );
  }

  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      aria-label={copy.actionLabel(copy.actions[action], campaign.subject)}
      onClick={() => {
        if (action === 'send') setConfirming(true);
        else go();
      }}
    >
      {copy.actions[action]}
    </button>
  );
}
