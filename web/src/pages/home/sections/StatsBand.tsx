import { useEffect, useId, useRef, useState } from 'react';
import { homeTimings } from '../../../content/home-content';
import { statsContent as content, type Stat } from '../../../content/home-later-content';
import { useInterval } from '../../../hooks/use-interval';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import './StatsBand.css';

/** About 60 steps over the 3 s: smooth enough for digits, cheap for the page. */
const STEP_MS = 50;

const numberFormat = new Intl.NumberFormat('en-CA');

function formatStat(value: number, stat: Stat): string {
  return `${numberFormat.format(value)}${stat.suffix ?? ''}`;
}

/** Fast at first and slowing into the final value, the way a counter settles. */
function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/**
 * docs/product.md section 2: four numbers counting up from 0 over 3 s, once the band is on screen.
 * Screen readers get the final numbers only; the moving digits are for the eye.
 */
export function StatsBand() {
  const headingId = useId();
  const reducedMotion = useReducedMotion();
  const band = useRef<HTMLElement>(null);
  // Without IntersectionObserver there is no way to know when it shows: count straight away.
  const [started, setStarted] = useState(() => typeof IntersectionObserver === 'undefined');
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    const element = band.current;
    if (started || reducedMotion || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setStarted(true);
          observer.disconnect();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [started, reducedMotion]);

  const counting = started && !reducedMotion && elapsed < homeTimings.countUpMs;
  useInterval(
    () => {
      setElapsed((current) => Math.min(current + STEP_MS, homeTimings.countUpMs));
    },
    counting ? STEP_MS : null,
  );
  const progress = reducedMotion ? 1 : easeOut(elapsed / homeTimings.countUpMs);

  return (
    <section ref={band} className="stats-band" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {content.heading}
      </h2>
      <ul className="stats-band__list">
        {content.stats.map((stat) => (
          <li key={stat.label} className="stats-band__item">
            <span className="stats-band__value" aria-hidden="true">
              {formatStat(Math.round(stat.value * progress), stat)}
            </span>
            <span className="visually-hidden">{formatStat(stat.value, stat)}</span>{' '}
            <span className="stats-band__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
