import { describe, expect, it } from 'vitest';
import { PHOTO_ERROR_CODES } from '../../../../contracts/errors';
import { problemFromServer, SERVER_PHOTO_PROBLEMS } from './photo-rules';

/** Codes of the upload's contract that the form never shows as a photo's problem, and why. */
const NOT_A_PHOTO_PROBLEM = {
  client_aborted: 'the customer left: nobody reads an answer',
  photo_missing: 'the request names a photo that is gone: the form uploads it again',
};

describe("the customer's words for the server's refusals of a photo", () => {
  it('cover every refusal of an upload in contracts/errors.ts', () => {
    const told = Object.keys(SERVER_PHOTO_PROBLEMS);
    const untold = PHOTO_ERROR_CODES.filter((code) => !told.includes(code) && !(code in NOT_A_PHOTO_PROBLEM));
    expect(untold).toEqual([]);
  });

  it("name the photo and the form's message", () => {
    expect(problemFromServer('photo_too_large', 'roof.jpg')).toEqual({ key: 'photoTooLarge', name: 'roof.jpg' });
    expect(problemFromServer('too_many_requests', 'roof.jpg')).toEqual({ key: 'photoHourlyLimit', name: 'roof.jpg' });
    expect(problemFromServer('server_error', 'roof.jpg')).toBeNull();
  });
});
