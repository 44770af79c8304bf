import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { faqContent } from '../../../content/home-later-content';
import { Faq } from './Faq';

afterEach(cleanup);

function toggles(): HTMLElement[] {
  return faqContent.questions.map((entry) => screen.getByRole('button', { name: entry.question }));
}

function openQuestions(): string[] {
  return toggles()
    .filter((toggle) => toggle.getAttribute('aria-expanded') === 'true')
    .map((toggle) => toggle.textContent);
}

function answerOf(toggle: HTMLElement): HTMLElement {
  const answer = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (answer === null) throw new Error('aria-controls names no element');
  return answer;
}

describe('Faq', () => {
  it('has six questions as buttons inside headings, each controlling its answer', () => {
    render(<Faq />);
    screen.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' });
    const buttons = toggles();
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button.closest('h3')).not.toBeNull();
      expect(answerOf(button).getAttribute('aria-labelledby')).toBe(button.id);
    }
  });

  it('keeps at most one answer open: opening one closes the other, a second click closes it', () => {
    render(<Faq />);
    const [first, second, third] = toggles();
    if (first === undefined || second === undefined || third === undefined)
      throw new Error('fewer than three questions');
    expect(openQuestions()).toEqual([first.textContent]);
    expect(answerOf(first).hidden).toBe(false);

    fireEvent.click(second);
    expect(openQuestions()).toEqual([second.textContent]);
    expect(answerOf(first).hidden).toBe(true);
    expect(answerOf(second).hidden).toBe(false);

    fireEvent.click(third);
    expect(openQuestions()).toEqual([third.textContent]);

    fireEvent.click(third);
    expect(openQuestions()).toEqual([]);
    expect(answerOf(third).hidden).toBe(true);

    fireEvent.click(first);
    expect(openQuestions()).toEqual([first.textContent]);
  });

  it('answers the questions a Toronto customer asks first', () => {
    render(<Faq />);
    expect(faqContent.questions.map((entry) => entry.question)).toEqual([
      'Which areas do you serve?',
      'How do I book, and can I reschedule?',
      'How much will it cost?',
      'Do you bring your own supplies, and are they eco-friendly?',
      'Are your workers insured and background checked?',
      'What if I am not happy with the work?',
    ]);
    screen.getByText(/North York, Etobicoke, Scarborough/);
  });
});
