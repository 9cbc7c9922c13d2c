import './light/light.css';

/** Covers the page while something global is decided (e.g. the account status). Plain: it shows before Chakra has loaded (decision 148). */
export function FullScreenLoader({ caption }: { caption?: string }) {
  return (
    <div className="lt-overlay" role="status" aria-live="polite">
      <div className="lt-overlay-content">
        <span className="lt-spinner" />
        {caption && <p className="lt-overlay-caption">{caption}</p>}
      </div>
    </div>
  );
}
