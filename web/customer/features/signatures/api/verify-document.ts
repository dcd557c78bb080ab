import { verifyAnswerSchema, verifySignedDocument, type VerifyAnswer } from '../../../../../contracts/signatures';

export type VerifyOutcome = VerifyAnswer | { failed: 'tooMany' | 'tooLarge' | 'failed' };

/** POST /api/verify with the code and the file as a form (the API client sends JSON; this is a file). */
export async function verifyDocument(code: string, file: File): Promise<VerifyOutcome> {
  const form = new FormData();
  form.set('code', code);
  form.set('file', file);
  let res: Response;
  try {
    res = await fetch(verifySignedDocument.path, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    return { failed: 'failed' };
  }
  if (res.status === 429) return { failed: 'tooMany' };
  if (res.status === 413) return { failed: 'tooLarge' };
  if (!res.ok) return { failed: 'failed' };
  return verifyAnswerSchema.parse(await res.json());
}
