import { useId } from 'react';

interface RequestFieldProps {
  name: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  multiline?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
}

/** A required input or textarea whose hint and error are announced with it. */
export function RequestField({ name, label, value, maxLength, onChange, multiline, hint, error }: RequestFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const shared = {
    id,
    name,
    value,
    maxLength,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea rows={6} {...shared} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input type="text" autoComplete="street-address" {...shared} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}
