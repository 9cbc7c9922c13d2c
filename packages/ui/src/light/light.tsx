import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './light.css';

// The plain kit's components (light.css, decision 148): no Chakra, no style computed at render.

export interface LightButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: 'sm' | 'md' | 'lg';
  variant?: 'ghost' | 'outline' | 'subtle';
  /** Square, for an icon with an aria-label. */
  icon?: boolean;
}

/** A button drawn as Chakra's of the same size and variant. */
export function LightButton({ size = 'md', variant = 'ghost', icon = false, className, type = 'button', ...props }: LightButtonProps) {
  const classes = ['lt-button', `lt-button-${size}`, `lt-button-${variant}`, icon && 'lt-button-icon', className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}

const Chevron = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export interface SelectStandInProps {
  label: string;
  width: string;
  /** What the select shows: its chosen option, or its tags; the label in grey when nothing is chosen. */
  children?: ReactNode;
}

/**
 * A small select as it looks closed, until the real one has loaded: same size, same text, named
 * like it and not yet usable (aria-disabled: a click waits for the real one).
 */
export function SelectStandIn({ label, width, children }: SelectStandInProps) {
  return (
    <div className="lt-select" style={{ width }}>
      <button type="button" role="combobox" aria-expanded="false" aria-label={label} aria-disabled="true" className="lt-select-trigger">
        {children ?? <span className="lt-muted lt-truncate">{label}</span>}
      </button>
      <span className="lt-select-indicator">
        <Chevron />
      </span>
    </div>
  );
}

export interface LightSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A switch: a checkbox drawn as Chakra's small switch (whose input is a checkbox too). */
export function LightSwitch({ label, checked, onChange }: LightSwitchProps) {
  return (
    <label className="lt-switch">
      <input type="checkbox" className="lt-switch-input" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="lt-switch-control" aria-hidden="true">
        <span className="lt-switch-thumb" />
      </span>
      <span className="lt-switch-label">{label}</span>
    </label>
  );
}
