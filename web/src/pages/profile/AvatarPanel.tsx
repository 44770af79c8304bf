import './AvatarPanel.css';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  ProfileMessages,
} from '@hs/api/domain/profile/profile-schema';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { isSessionEnded } from '../../api/account-api';
import { Notice } from '../../components/Notice';
import { profileContent as copy } from '../../content/account-content';
import { useAvatarUrl } from './use-avatar-url';
import { useAvatarRemoval, useAvatarUpload } from './use-profile-changes';

type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;

/** The chosen file as a blob: URL; `path` is where the API keeps it once the upload is done. */
interface LocalPicture {
  readonly url: string;
  readonly path: string | null;
}

const ACCEPT = AVATAR_MIME_TYPES.join(',');

function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.fields.avatar ?? error.message;
}

interface AvatarPanelProps {
  readonly token: string;
  /** The saved picture's API path, '' for none. */
  readonly picture: string;
  readonly onChange: (picture: string) => void;
  readonly onSessionEnded: () => void;
}

/** Choose, preview and upload a photo (saved at once, apart from the form), or remove it. */
export function AvatarPanel({ token, picture, onChange, onSessionEnded }: AvatarPanelProps) {
  const [local, setLocal] = useState<LocalPicture | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useAvatarUpload(token);
  const removal = useAvatarRemoval(token);
  const removing = removal.isPending;
  const [message, setMessage] = useState<Message>(null);
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const inputId = `${idPrefix}-input`;
  const hintId = `${idPrefix}-hint`;
  const progressId = `${idPrefix}-progress`;

  // The file just chosen is shown from memory: no need to download what was just uploaded.
  const showLocal = local !== null && (local.path === null || local.path === picture);
  const saved = useAvatarUrl(token, showLocal ? '' : picture, onSessionEnded);

  const localUrl = local?.url;
  useEffect(
    () => () => {
      if (localUrl !== undefined) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  const uploading = progress !== null;
  const busy = uploading || removing;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is still a change.
    event.target.value = '';
    if (file === undefined || busy) return;
    if (!AVATAR_MIME_TYPES.some((type) => type === file.type)) {
      setMessage({ tone: 'error', text: ProfileMessages.avatarWrongType });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setMessage({ tone: 'error', text: ProfileMessages.avatarTooLarge });
      return;
    }
    const url = URL.createObjectURL(file);
    setLocal({ url, path: null });
    setProgress(0);
    setMessage(null);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (path) => {
          setLocal({ url, path });
          onChange(path);
          setMessage({ tone: 'success', text: copy.uploaded });
        },
        onError: (error) => {
          setLocal(null);
          if (isSessionEnded(error)) onSessionEnded();
          else
            setMessage({
              tone: 'error',
              text: failureText(error, ProfileMessages.avatarUnreadable),
            });
        },
        onSettled: () => {
          setProgress(null);
        },
      },
    );
  };

  const remove = () => {
    if (busy) return;
    setMessage(null);
    removal.mutate(undefined, {
      onSuccess: () => {
        setLocal(null);
        onChange('');
        setMessage({ tone: 'success', text: copy.removed });
      },
      onError: (error) => {
        if (isSessionEnded(error)) onSessionEnded();
        else setMessage({ tone: 'error', text: failureText(error, copy.saveFailed) });
      },
    });
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <section className="avatar-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.photoHeading}</h2>
      <div className="avatar-panel__frame">
        {showLocal ? (
          <img
            className="avatar-panel__image"
            src={local.url}
            alt={local.path === null ? copy.previewAlt : copy.photoAlt}
            width={160}
            height={160}
          />
        ) : saved.status === 'ready' ? (
          <img
            className="avatar-panel__image"
            src={saved.url}
            alt={copy.photoAlt}
            width={160}
            height={160}
          />
        ) : saved.status === 'loading' ? null : (
          <p className="avatar-panel__empty">
            {saved.status === 'failed' ? copy.photoUnavailable : copy.noPhoto}
          </p>
        )}
      </div>
      {uploading ? (
        <div className="avatar-panel__progress">
          <label htmlFor={progressId}>{copy.uploading}</label>
          <progress id={progressId} max={1} value={progress}>
            {percent}%
          </progress>
          <span aria-hidden="true">{percent}%</span>
        </div>
      ) : null}
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div className="avatar-panel__actions">
        <input
          id={inputId}
          className="visually-hidden avatar-panel__input"
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={hintId}
          onChange={choose}
        />
        <label htmlFor={inputId} className="button button--secondary avatar-panel__choose">
          {copy.chooseLabel}
        </label>
        {picture !== '' && !uploading ? (
          <button
            className="button button--secondary"
            type="button"
            disabled={busy}
            onClick={remove}
          >
            {removing ? copy.removing : copy.remove}
          </button>
        ) : null}
      </div>
      <p id={hintId} className="avatar-panel__hint">
        {copy.chooseHint}
      </p>
    </section>
  );
}
