import './Skeleton.css';

interface SkeletonProps {
  /** What is loading, for a screen reader (the screen's own loading line, e.g. 'Loading quotes...'). */
  label: string;
  /** 'cards': a list of cards (Quotes, Work Orders); 'rows': short list rows (the dashboard's cards). */
  shape?: 'cards' | 'rows';
  /** How many placeholders. */
  count?: number;
  className?: string;
}

/**
 * A grey placeholder shaped like the content that is coming, so the page does not jump when it
 * arrives. Busy for assistive technology, which reads the label; the shapes are hidden from it.
 */
export function Skeleton({ label, shape = 'cards', count = 3, className }: SkeletonProps) {
  return (
    <div className={`skeleton ${shape}${className ? ` ${className}` : ''}`} role="status" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true" className="skeleton-items">
        {Array.from({ length: count }, (_, i) =>
          shape === 'cards' ? (
            <div key={i} className="skeleton-card">
              <span className="skeleton-line title" />
              <span className="skeleton-line" />
              <span className="skeleton-line short" />
            </div>
          ) : (
            <div key={i} className="skeleton-row">
              <span className="skeleton-lines">
                <span className="skeleton-line title" />
                <span className="skeleton-line short" />
              </span>
              <span className="skeleton-pill" />
            </div>
          ),
        )}
      </div>
    </div>
  );
}
