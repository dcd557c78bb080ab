import './Skeleton.css';

export type SkeletonShape = 'cards' | 'rows' | 'document';

interface SkeletonProps {
  /** What is loading, for a screen reader (the screen's own loading line, e.g. 'Loading quotes...'). */
  label: string;
  /**
   * 'cards': a list of cards (Quotes, Work Orders): number and badge, two lines, two buttons;
   * 'rows': short list rows (the dashboard's cards); 'document': one record's page (/quotes/:id, /work-orders/:id).
   */
  shape?: SkeletonShape;
  /** How many placeholders (a document is always one). */
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
        {shape === 'document' ? (
          <SkeletonDocument />
        ) : (
          Array.from({ length: count }, (_, i) => (shape === 'cards' ? <SkeletonCard key={i} /> : <SkeletonRow key={i} />))
        )}
      </div>
    </div>
  );
}

function SkeletonCard() {
  return (
    <div className="skeleton-card">
      <span className="skeleton-head">
        <span className="skeleton-line title" />
        <span className="skeleton-pill" />
      </span>
      <span className="skeleton-line" />
      <span className="skeleton-line short" />
      <span className="skeleton-buttons">
        <span className="skeleton-button" />
        <span className="skeleton-button" />
      </span>
    </div>
  );
}

function SkeletonRow() {
  return (
    <div className="skeleton-row">
      <span className="skeleton-lines">
        <span className="skeleton-line title" />
        <span className="skeleton-line short" />
      </span>
      <span className="skeleton-pill" />
    </div>
  );
}

function SkeletonDocument() {
  return (
    <div className="skeleton-card skeleton-document">
      <span className="skeleton-head">
        <span className="skeleton-line title" />
        <span className="skeleton-pill" />
      </span>
      <span className="skeleton-line short" />
      <span className="skeleton-line" />
      <span className="skeleton-line" />
      <span className="skeleton-block" />
      <span className="skeleton-line total" />
      <span className="skeleton-buttons">
        <span className="skeleton-button wide" />
        <span className="skeleton-button" />
      </span>
    </div>
  );
}
