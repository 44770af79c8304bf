import { useId, useState } from 'react';
import { faqContent as content } from '../../../content/home-later-content';
import { FaqVideoPlayer } from './FaqVideoPlayer';
import './Faq.css';

/**
 * docs/product.md section 2, FAQ block: six questions, at most one open. The first starts open so the
 * block shows what it is; opening another closes it, and the open one closes on a second click.
 */
export function Faq() {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const [open, setOpen] = useState<number | null>(0);

  return (
    <section className="faq" aria-labelledby={headingId}>
      <h2 id={headingId} className="faq__heading">
        {content.heading}
      </h2>
      <div className="faq__layout">
        <div className="faq__questions">
          {content.questions.map((entry, position) => {
            const buttonId = `${baseId}-question-${String(position)}`;
            const panelId = `${baseId}-answer-${String(position)}`;
            const expanded = open === position;
            return (
              <div key={entry.question} className="faq__item">
                <h3 className="faq__question">
                  <button
                    id={buttonId}
                    type="button"
                    className="faq__toggle"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => {
                      setOpen(expanded ? null : position);
                    }}
                  >
                    {entry.question}
                  </button>
                </h3>
                <div
                  id={panelId}
                  className="faq__answer"
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!expanded}
                >
                  <p>{entry.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
        <FaqVideoPlayer />
      </div>
    </section>
  );
}
