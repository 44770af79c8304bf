import { formatCad, type Plan, type Service } from '@hs/api/domain/booking/catalogue';
import { useId } from 'react';
import { Modal } from '../../components/modal/Modal';
import { planModalCopy as copy } from '../../content/services-content';
import './PlanModal.css';

interface PlanModalProps {
  readonly service: Service;
  readonly plans: readonly Plan[];
  readonly onChoose: (plan: Plan) => void;
  readonly onClose: () => void;
}

function PlanOption({ plan, onChoose }: { plan: Plan; onChoose: (plan: Plan) => void }) {
  const id = useId();
  return (
    <li className={`plan-option${plan.badge === null ? '' : ' plan-option--featured'}`}>
      <div className="plan-option__head">
        <h3 id={`${id}-name`} className="plan-option__name">
          {plan.name}
        </h3>
        {plan.badge !== null && <span className="plan-option__badge">{plan.badge}</span>}
      </div>
      <p className="plan-option__price">
        {plan.amountCents === null ? copy.free : formatCad(plan.amountCents)}
        {plan.amountCents === null && (
          <span className="plan-option__price-note">{copy.noPayment}</span>
        )}
      </p>
      <ul className="plan-option__features" aria-label={copy.features(plan.name)}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button plan-option__choose"
        aria-label={`${copy.choose} ${plan.name}`}
        onClick={() => {
          onChoose(plan);
        }}
      >
        {copy.choose}
      </button>
    </li>
  );
}

/** docs/product.md section 4: the plans of the catalogue, Custom Estimate among them. */
export function PlanModal({ service, plans, onChoose, onClose }: PlanModalProps) {
  return (
    <Modal title={copy.title} onClose={onClose} size="wide">
      <p className="plan-modal__lead">{copy.lead(service.title)}</p>
      <ul className="plan-modal__list">
        {plans.map((plan) => (
          <PlanOption key={plan.id} plan={plan} onChoose={onChoose} />
        ))}
      </ul>
    </Modal>
  );
}
