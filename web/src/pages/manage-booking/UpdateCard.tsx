import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OwnerProof } from '../../api/bookings-api';
import { fetchPlanBillingUrl, planBillingUrl } from '../../api/plans-api';
import type { Redirect } from '../../app/redirect';
import { managePlanCopy as copy } from '../../content/services-content';

interface UpdateCardProps {
  readonly planId: string;
  readonly proof: OwnerProof;
  readonly className: string;
  readonly redirect: Redirect;
  readonly onFailed: (message: string, error: unknown) => void;
}

/**
 * Update card: the link's token rides in a plain link to the API, which sends the browser on to
 * the provider's page. A login cannot ride a page load, so with the login the button asks the
 * API for the page's address and then goes there.
 */
export function UpdateCard({ planId, proof, className, redirect, onFailed }: UpdateCardProps) {
  const billing = useMutation({ mutationFn: () => fetchPlanBillingUrl(planId, proof) });
  // Once the provider's page is known, the browser is on its way there.
  const busy = billing.isPending || billing.isSuccess;
  const { reset } = billing;

  // Back from the provider's page, a page kept in the back-forward cache would still be waiting.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => {
      window.removeEventListener('pageshow', restored);
    };
  }, [reset]);

  if (proof.token !== null) {
    return (
      <a className={className} href={planBillingUrl(planId, proof.token)}>
        {copy.updateCard}
      </a>
    );
  }
  if (!proof.login) return <p>{copy.updateCardByEmail}</p>;

  const open = () => {
    billing.mutate(undefined, {
      onSuccess: (url) => {
        redirect(url);
      },
      onError: (error) => {
        onFailed(error instanceof Error ? error.message : 'Something went wrong!', error);
      },
    });
  };

  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={open}>
      {busy ? copy.openingCardPage : copy.updateCard}
    </button>
  );
}
