import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT, PHOTOS_PER_ORDER } from '../../../../contracts/customer/photos';
import type { PhotoProblem } from './photo-rules';

export interface ChosenPhoto {
  /** Stable key for the list (the file itself has none). */
  key: string;
  file: File;
  /** An object URL of the file for the preview; revoked when the photo is removed or sent. */
  previewUrl: string;
  /** Set once the photo is uploaded: a second try after a failure does not send it again. */
  uploadedId?: number;
}

interface PhotoPickerProps {
  photos: readonly ChosenPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  problem: PhotoProblem | null;
  disabled: boolean;
  /** 0 to 100 while the photos are being sent, null otherwise. */
  progress: number | null;
}

/**
 * 'Photos (optional)': choose files or take a photo with the phone's camera (capture), up to 5, each
 * shown with a preview and a 'Remove' button, and the upload's progress while the request is sent.
 */
export function PhotoPicker({ photos, onAdd, onRemove, problem, disabled, progress }: PhotoPickerProps) {
  const { t } = useTranslation('submitWorkOrder');
  const id = useId();
  const full = photos.length >= PHOTOS_PER_ORDER;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again after removing it is a change too.
    event.target.value = '';
    if (files.length) onAdd(files);
  };
  const describedBy = [problem ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <fieldset className="field photo-picker" aria-describedby={describedBy}>
      <legend>{t('photos')}</legend>
      <div className="photo-inputs">
        <input
          id={`${id}-files`}
          className="photo-file-input"
          type="file"
          name="photos"
          accept={PHOTO_ACCEPT}
          multiple
          disabled={disabled || full}
          aria-describedby={describedBy}
          onChange={pick}
        />
        <label className="button secondary photo-choose" htmlFor={`${id}-files`}>
          {t('choosePhotos')}
        </label>
        <input
          id={`${id}-camera`}
          className="photo-file-input"
          type="file"
          name="camera"
          accept={PHOTO_ACCEPT}
          capture="environment"
          disabled={disabled || full}
          aria-describedby={describedBy}
          onChange={pick}
        />
        <label className="button secondary photo-choose" htmlFor={`${id}-camera`}>
          {t('takePhoto')}
        </label>
      </div>
      {problem && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {problem.key === 'photoTooMany' ? t(problem.key, { max: problem.max }) : t(problem.key, { name: problem.name })}
        </small>
      )}
      <small id={`${id}-hint`} className="hint">
        {t('photosHint', { n: photos.length, max: PHOTOS_PER_ORDER })}
      </small>
      {photos.length > 0 && (
        <ul className="photo-previews" aria-label={t('photosChosen')}>
          {photos.map((photo, index) => (
            <li key={photo.key} className="photo-preview">
              <Preview photo={photo} alt={t('photoAlt', { n: index + 1, name: photo.file.name })} />
              <span className="photo-name" title={photo.file.name}>
                {photo.file.name}
              </span>
              <button
                type="button"
                className="button secondary photo-remove"
                disabled={disabled}
                aria-label={t('removePhotoLabel', { n: index + 1, name: photo.file.name })}
                onClick={() => onRemove(photo.key)}
              >
                {t('removePhoto')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div className="photo-progress">
          <label htmlFor={`${id}-progress`}>{t('uploading', { percent: progress })}</label>
          <progress id={`${id}-progress`} max={100} value={progress} />
        </div>
      )}
    </fieldset>
  );
}

/** The file itself; a HEIC that this browser cannot show gets a plain tile with its name instead. */
function Preview({ photo, alt }: { photo: ChosenPhoto; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span className="photo-thumb photo-thumb-missing" role="img" aria-label={alt}>
        {photo.file.name.split('.').pop()?.toUpperCase()}
      </span>
    );
  }
  // A square tile (CSS: full width, aspect-ratio 1); the attributes give the browser that box before the file decodes.
  return <img className="photo-thumb" src={photo.previewUrl} alt={alt} width={96} height={96} onError={() => setBroken(true)} />;
}
