import {
  unansweredAfterSending,
  type CampaignView,
} from '@hs/api/domain/newsletter/newsletter-schema';
import { useCallback, useId, useState } from 'react';
import { type CampaignAction, fetchCampaigns, runCampaignAction } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { useInterval } from '../../hooks/use-interval';
import { campaignsContent as copy } from './admin-content';
import { formatMoment } from './admin-format';
import { AdminTable } from './AdminTable';
import { CampaignForm } from './CampaignForm';
import { ConfirmQuestion } from './ConfirmQuestion';
import { LoadStatus } from './LoadStatus';
import {
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
  type AdminMessage,
} from './use-admin-data';

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

function replaced(list: CampaignView[], campaign: CampaignView): CampaignView[] {
  return list.map((item) => (item.id === campaign.id ? campaign : item));
}

/** The newsletters: where each delivery stands, a new draft, and send, pause or resume. */
export function CampaignsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const [message, setMessage] = useState<AdminMessage>(null);
  const load = useCallback(
    (signal: AbortSignal) => fetchCampaigns(session.token, signal),
    [session.token],
  );
  const { state, retry, update, refresh } = useAdminData(session, load);
  const sending =
    state.status === 'ready' && state.data.some((campaign) => campaign.status === 'sending');
  useInterval(refresh, sending ? CAMPAIGN_REFRESH_MS : null);

  const run = (campaign: CampaignView, action: CampaignAction) =>
    runCampaignAction(session.token, campaign.id, action).then(
      (changed) => {
        update((list) => replaced(list, changed));
        setMessage({ tone: 'success', text: copy.done[action](changed.subject) });
      },
      (error: unknown) => {
        if (!reportDenial(session, error)) setMessage({ tone: 'error', text: failureText(error) });
      },
    );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? <CampaignTable campaigns={state.data} onAction={run} /> : null}
      <CampaignForm
        session={session}
        onCreated={(campaign) => {
          update((list) => [campaign, ...list]);
          setMessage(null);
        }}
      />
    </section>
  );
}

interface CampaignTableProps {
  readonly campaigns: readonly CampaignView[];
  readonly onAction: (campaign: CampaignView, action: CampaignAction) => Promise<void>;
}

function CampaignTable({ campaigns, onAction }: CampaignTableProps) {
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
            <CampaignActionButton campaign={campaign} onAction={onAction} />
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
