import { PHOTO_UPLOAD_BUSY_MESSAGE, PHOTO_UPLOAD_IN_PROGRESS_MESSAGE } from '../../../contracts/customer/photos';
import { BusyError, LimitReachedError } from '../../../domain/errors';
import { UPLOADS_IN_MEMORY } from './process';
import type { BodyPace } from './read-body';
import { Semaphore, SlotWaitTimeoutError } from './semaphore';

/**
 * What bounds the photo uploads of one server (issue 21 item 3): six customers trickling one byte
 * every 20 s held every slot for up to 15 minutes. Now an upload must keep a pace (BodyPace), a
 * customer holds at most one slot, an upload waits for a slot at most `slotWaitMs` and is then told
 * to try again, and every upload begun counts against `perHour`. Tests pass short bounds.
 */
export interface UploadBounds extends BodyPace {
  /** Uploads whose bodies are held in memory at once (each at most 10 MB). */
  slots: number;
  slotWaitMs: number;
  /** Uploads a customer may begin in an hour (5 photos a request, requests limited to 30 an hour elsewhere). */
  perHour: number;
}

/**
 * A 10 MB photo in 5 minutes is 35 kB/s, a phone on a weak signal; after 15 s an upload must average
 * 8 kB/s. See docs/decisions/122-photo-upload-bounds.md.
 */
const UPLOAD_BOUNDS: Readonly<UploadBounds> = {
  slots: UPLOADS_IN_MEMORY,
  slotWaitMs: 10_000,
  totalMs: 5 * 60_000,
  graceMs: 15_000,
  minBytesPerSecond: 8 * 1024,
  checkEveryMs: 1_000,
  perHour: 60,
};

/** Seconds a refused upload is told to wait (Retry-After) when every slot is busy. */
const BUSY_RETRY_AFTER = 15;

export class UploadGate {
  readonly bounds: Readonly<UploadBounds>;
  private readonly slots: Semaphore;
  /** Customers (lower-case e-mail) with an upload waiting or arriving on this server. */
  private readonly uploading = new Set<string>();

  constructor(bounds: Partial<UploadBounds> = {}) {
    this.bounds = { ...UPLOAD_BOUNDS, ...bounds };
    this.slots = new Semaphore(this.bounds.slots);
  }

  /**
   * Runs one customer's upload in a slot: refused at once (429) while the same customer has another
   * one here, refused (503, Retry-After) when no slot frees up within slotWaitMs.
   */
  async run<T>(email: string, work: () => Promise<T>): Promise<T> {
    const owner = email.toLowerCase();
    if (this.uploading.has(owner)) throw new LimitReachedError(PHOTO_UPLOAD_IN_PROGRESS_MESSAGE, 'photo_upload_in_progress');
    this.uploading.add(owner);
    try {
      return await this.slots.run(work, this.bounds.slotWaitMs);
    } catch (err) {
      if (err instanceof SlotWaitTimeoutError) throw new UploadsBusyError();
      throw err;
    } finally {
      this.uploading.delete(owner);
    }
  }
}

/** Every slot stayed busy: the answer carries Retry-After (set by the route). */
export class UploadsBusyError extends BusyError {
  constructor() {
    super('photo_uploads_busy', PHOTO_UPLOAD_BUSY_MESSAGE, BUSY_RETRY_AFTER);
  }
}
