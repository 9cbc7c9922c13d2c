import { DeskScreen } from '../components/desk-queue';

/** `/panel/inspection/qc-assistants`: orders waiting for quality control (Q) and the QC reviewers. */
export function QcDeskScreen() {
  return <DeskScreen kind="qc" />;
}

/** `/panel/inspection/pricing-assistants`: orders waiting for a price estimation (W) and the pricing assistants. */
export function PricingDeskScreen() {
  return <DeskScreen kind="pricing" />;
}
