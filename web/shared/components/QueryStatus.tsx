import './QueryStatus.css';

/** A list or page that failed to load: a short message and a way to ask again. */
export function LoadError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="form-message error load-error" role="alert">
      <span>{message}</span>
      <button type="button" className="button secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
