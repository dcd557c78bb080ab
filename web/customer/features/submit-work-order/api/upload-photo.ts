import { pathOf } from '../../../../../contracts/endpoint';
import { uploadPhoto as uploadPhotoEndpoint, type Photo } from '../../../../../contracts/customer/photos';
import { ApiError } from '../../../../shared/api/client';

/**
 * Sends one photo's bytes (the raw body) with XMLHttpRequest, whose upload events give the progress
 * that fetch cannot. onProgress gets the bytes sent so far. The answer is the stored photo's id and
 * size; errors are ApiError as everywhere else (the server's code: photo_too_large, photo_type, ...).
 */
export function uploadPhoto(file: Blob, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<Photo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploadPhotoEndpoint.method, pathOf(uploadPhotoEndpoint));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size);
        resolve(data as Photo);
        return;
      }
      const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
      reject(new ApiError(xhr.status, error?.code ?? `http_${xhr.status}`, error?.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The network is unavailable.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
