import { lazyWithServerState } from '../../app/lazy-with-server-state';
import { LoadWhenNear } from '../../components/LoadWhenNear';

// The customers' reviews among them read the server: the query cache comes with them.
const LaterSections = lazyWithServerState(() => import('./LaterSections').then((m) => m.default));

/**
 * The sections below the about teaser load when the reader scrolls towards them, not with the
 * page. The placeholder keeps the footer where it will be, so nothing above the reader moves when
 * they arrive.
 */
export function DeferredSections() {
  return (
    <LoadWhenNear
      ahead="1200px 0px"
      placeholder={<div className="home-page__later" aria-hidden="true" />}
    >
      <LaterSections />
    </LoadWhenNear>
  );
}
