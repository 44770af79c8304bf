import { useMutation } from '@tanstack/react-query';
import type { CampaignPreview } from '@hs/api/domain/newsletter/campaign-messages';
import { useEffect, useId, useRef, useState } from 'react';
import {
  deleteCampaign,
  fetchCampaignPreview,
  sendCampaignTest,
} from '../../api/admin-campaigns-api';
import { Notice } from '../../components/Notice';
import { campaignsContent as copy } from './admin-content';
import { ConfirmQuestion } from './ConfirmQuestion';
import { LoadStatus } from './LoadStatus';
import {
  type AdminMessage,
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
} from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

interface CampaignPreviewPanelProps {
  readonly session: AdminSession;
  readonly campaignId: string;
  /** The operator chose to edit the draft, or deleted it. */
  readonly onAction: (preview: CampaignPreview, done: 'edit' | 'deleted') => void;
  readonly onClose: () => void;
}

/**
 * A campaign as subscribers will get it: the subject, the HTML part in a frame of its own (the
 * email's own styles, nothing run) and the text part as it is sent. From here a draft is edited,
 * tested on the operator's own address, or deleted. Focus comes to its heading when it opens.
 */
export function CampaignPreviewPanel({
  session,
  campaignId,
  onAction,
  onClose,
}: CampaignPreviewPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { state, retry } = useAdminData(
    session,
    queryKeys.admin.campaignPreview(session.token, campaignId),
    (signal) => fetchCampaignPreview(session.token, campaignId, signal),
  );

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const subject = state.status === 'ready' ? state.data.campaign.subject : '';
  return (
    <section className="admin-preview" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {state.status === 'ready' ? copy.previewHeading(subject) : copy.preview}
      </h3>
      <LoadStatus state={state} loadingLabel={copy.previewLoading} onRetry={retry} />
      {state.status === 'ready' ? (
        <PreviewBody session={session} preview={state.data} onAction={onAction} onClose={onClose} />
      ) : (
        <div className="button-row">
          <CloseButton onClose={onClose} />
        </div>
      )}
    </section>
  );
}

function CloseButton({ onClose }: { readonly onClose: () => void }) {
  return (
    <button type="button" className="button button--secondary" onClick={onClose}>
      {copy.closePreview}
    </button>
  );
}

interface PreviewBodyProps {
  readonly session: AdminSession;
  readonly preview: CampaignPreview;
  readonly onAction: (preview: CampaignPreview, done: 'edit' | 'deleted') => void;
  readonly onClose: () => void;
}

function PreviewBody({ session, preview, onAction, onClose }: PreviewBodyProps) {
  const [message, setMessage] = useState<AdminMessage>(null);
  const test = useMutation({ mutationFn: () => sendCampaignTest(session.token, campaign.id) });
  const removal = useMutation({ mutationFn: () => deleteCampaign(session.token, campaign.id) });
  // A deleted draft's preview closes: it stays busy until then.
  const busy = test.isPending ? 'test' : removal.isPending || removal.isSuccess ? 'delete' : null;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { campaign, email } = preview;
  const draft = campaign.status === 'draft';

  const failed = (error: unknown) => {
    setConfirmingDelete(false);
    if (!reportDenial(session, error)) setMessage({ tone: 'error', text: failureText(error) });
  };

  const sendTest = () => {
    setMessage(null);
    test.mutate(undefined, {
      onSuccess: (said) => {
        setMessage({ tone: 'success', text: said });
      },
      onError: failed,
    });
  };

  const remove = () => {
    removal.mutate(undefined, {
      onSuccess: () => {
        onAction(preview, 'deleted');
      },
      onError: failed,
    });
  };

  return (
    <>
      <p className="admin-muted">{copy.previewIntro}</p>
      <dl className="admin-card__meta admin-preview__meta">
        <dt>{copy.previewSubject}</dt>
        <dd>{email.subject}</dd>
      </dl>
      <h4>{copy.previewHtml}</h4>
      <iframe
        className="admin-preview__frame"
        title={copy.previewHtmlFrame(campaign.subject)}
        src={preview.htmlUrl}
        // An origin of its own: it cannot reach the console. Its page's policy allows no script;
        // scripting is not switched off here only so that a browser's tools can inspect it.
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
      />
      <h4>{copy.previewText}</h4>
      <pre
        className="admin-preview__text"
        aria-label={copy.previewTextLabel(campaign.subject)}
        // It may be longer than its box: a keyboard scrolls it too.
        tabIndex={0}
      >
        {email.text}
      </pre>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      {confirmingDelete ? (
        <ConfirmQuestion
          question={copy.confirmDelete(campaign.subject)}
          yes={copy.confirmDeleteYes}
          no={copy.confirmDeleteNo}
          danger
          busy={busy === 'delete'}
          onYes={remove}
          onNo={() => {
            setConfirmingDelete(false);
          }}
        />
      ) : (
        <div className="button-row">
          {draft ? (
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => {
                onAction(preview, 'edit');
              }}
            >
              {copy.edit}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            onClick={sendTest}
          >
            {busy === 'test' ? copy.sendingTest : copy.sendTest}
          </button>
          {draft ? (
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => {
                setConfirmingDelete(true);
              }}
            >
              {copy.deleteDraft}
            </button>
          ) : null}
          <CloseButton onClose={onClose} />
        </div>
      )}
    </>
  );
}
