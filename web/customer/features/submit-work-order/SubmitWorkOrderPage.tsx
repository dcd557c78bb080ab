import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  newWorkOrderSchema,
  WORK_ORDER_ADDRESS_MAX,
  WORK_ORDER_DESCRIPTION_MAX,
  type NewWorkOrder,
  type WorkOrder,
} from '../../../../contracts/customer/work-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { ApiError } from '../../../shared/api/client';
import { customerPages } from '../../../../contracts/pages';
import { useFindRecentDuplicate } from './api/find-recent-duplicate';
import { useProfileAddress } from './api/profile-address';
import { useRequestProperties } from './api/properties';
import { useSubmitWorkOrder } from './api/submit-work-order';
import { uploadPhoto } from './api/upload-photo';
import { DuplicateRequestDialog } from './DuplicateRequestDialog';
import { acceptPhotos, problemFromServer, type PhotoProblem } from './photo-rules';
import { PhotoPicker, type ChosenPhoto } from './PhotoPicker';
import { ANOTHER_ADDRESS, PropertyChoice, type PropertyChoiceValue } from './PropertyChoice';
import { RequestField } from './RequestField';
import './submit-work-order.css';
import { useAccountRole, ViewOnlyNotice } from '../../components/account-role';

type FieldName = 'address' | 'description';
type Outcome = { kind: 'success'; orderId: number } | { kind: 'error'; key: 'notLoggedIn' | 'failed' } | null;
/** The address as typed; null while the customer has not touched it, so the profile's address shows. */
type Values = { address: string | null; description: string };
const EMPTY: Values = { address: null, description: '' };

let nextPhotoKey = 1;

/**
 * 'Submit Request': a new work order, stored as Pending, with up to 5 photos (uploaded first, then named by the order).
 * The address starts as the profile's and stays filled after a success (the next request is usually for the same property,
 * docs/decisions/132); the description is cleared. A request that repeats one sent in the last minutes asks first (duplicate-request.ts).
 */
export function SubmitWorkOrderPage() {
  const viewOnly = useAccountRole() === 'view_only';
  const { t } = useTranslation('submitWorkOrder');
  const submit = useSubmitWorkOrder();
  const findRecentDuplicate = useFindRecentDuplicate();
  const profileAddress = useProfileAddress();
  const { properties } = useRequestProperties();
  const [typed, setTyped] = useState<Values>(EMPTY);
  // 'Property': the first (the profile address) until another is chosen; with no properties, the address alone.
  // An address typed before the properties arrived (a slow phone) is another address: their late answer
  // must not put the profile's back in its place, nor send that property instead.
  const [choice, setChoice] = useState<PropertyChoiceValue | null>(null);
  const typedFirst = choice === null && typed.address !== null;
  const property = choice === ANOTHER_ADDRESS || typedFirst ? undefined : (properties.find((p) => p.id === choice) ?? properties[0]);
  const fallbackAddress = properties.length ? '' : profileAddress;
  const values = { address: property?.address ?? typed.address ?? fallbackAddress, description: typed.description };
  const [missing, setMissing] = useState<Set<FieldName>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoProblem, setPhotoProblem] = useState<PhotoProblem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  /** The request held back because it repeats `order`: sent only on 'Send anyway'. */
  const [duplicate, setDuplicate] = useState<{ order: WorkOrder; draft: NewWorkOrder } | null>(null);

  // The dialog gives focus back to what had it when it opened; Submit Request was disabled during the
  // check by then (the browser had moved focus to the page), so it is put back here once the dialog is gone.
  const submitRef = useRef<HTMLButtonElement>(null);
  const dialogWasOpen = useRef(false);
  useEffect(() => {
    if (duplicate) dialogWasOpen.current = true;
    else if (dialogWasOpen.current) {
      dialogWasOpen.current = false;
      if (!document.activeElement || document.activeElement === document.body) submitRef.current?.focus();
    }
  }, [duplicate]);

  // Every preview's object URL is revoked when the page goes away (and each one when it is removed or sent).
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const change = (name: FieldName, value: string) => {
    setTyped((v) => ({ ...v, [name]: value }));
    if (missing.has(name) && value.trim()) setMissing((m) => new Set([...m].filter((n) => n !== name)));
  };

  const addPhotos = (files: File[]) => {
    const { accepted, problem } = acceptPhotos(files, photos.length);
    setPhotoProblem(problem);
    const added = accepted.map((file) => ({ key: `photo-${nextPhotoKey++}`, file, previewUrl: URL.createObjectURL(file) }));
    setPhotos((current) => [...current, ...added]);
  };

  const removePhoto = (key: string) => {
    const photo = photos.find((p) => p.key === key);
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setPhotos((current) => current.filter((p) => p.key !== key));
    setPhotoProblem(null);
  };

  /** Uploads the photos not sent yet, one after another, with the progress of all their bytes; returns every id in order. */
  const uploadPhotos = async (): Promise<number[]> => {
    const pending = photos.filter((p) => p.uploadedId === undefined);
    const total = pending.reduce((sum, p) => sum + p.file.size, 0) || 1;
    let done = 0;
    const ids = new Map(photos.flatMap((p) => (p.uploadedId === undefined ? [] : [[p.key, p.uploadedId] as const])));
    if (pending.length) setProgress(0);
    for (const photo of pending) {
      let stored;
      try {
        stored = await uploadPhoto(photo.file, (sent) => setProgress(Math.min(100, Math.round(((done + sent) / total) * 100))));
      } catch (err) {
        const problem = err instanceof ApiError ? problemFromServer(err.code, photo.file.name) : null;
        if (problem) setPhotoProblem(problem);
        throw err;
      }
      done += photo.file.size;
      ids.set(photo.key, stored.id);
      setPhotos((current) => current.map((p) => (p.key === photo.key ? { ...p, uploadedId: stored.id } : p)));
    }
    return photos.map((p) => ids.get(p.key)!);
  };

  /** Uploads the photos and stores the order; afterwards the description is empty and the address stays as sent. */
  const send = async (draft: NewWorkOrder) => {
    setSending(true);
    try {
      const photoIds = await uploadPhotos();
      const created = await submit.mutateAsync(photoIds.length ? { ...draft, photoIds } : draft);
      setTyped((v) => ({ address: draft.propertyId ? v.address : draft.address, description: '' }));
      photos.forEach((p) => URL.revokeObjectURL(p.previewUrl));
      setPhotos([]);
      setPhotoProblem(null);
      setOutcome({ kind: 'success', orderId: created.id });
    } catch (err) {
      console.error('Work order submission failed:', err);
      // An upload the server no longer has (sent long ago and expired) is sent again on the next try.
      if (err instanceof ApiError && err.code === 'photo_missing') setPhotos((current) => current.map(({ uploadedId: _, ...p }) => p));
      const signedOut = err instanceof ApiError && err.status === 401;
      setOutcome({ kind: 'error', key: signedOut ? 'notLoggedIn' : 'failed' });
    } finally {
      // Closed with the answer, so focus goes back to the (enabled again) Submit Request button.
      setDuplicate(null);
      setSending(false);
      setProgress(null);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    // The server's own schema, checked here first so each field says in the portal's language what is missing.
    const parsed = newWorkOrderSchema.safeParse(property ? { ...values, propertyId: property.id } : values);
    if (!parsed.success) {
      const names = new Set(parsed.error.issues.map((i) => i.path[0] as FieldName));
      setMissing(names);
      (form.elements.namedItem(names.has('address') ? 'address' : 'description') as HTMLElement | null)?.focus();
      return;
    }
    setSending(true);
    const repeated = await findRecentDuplicate(parsed.data);
    if (repeated) {
      setSending(false);
      setDuplicate({ order: repeated, draft: parsed.data });
      return;
    }
    await send(parsed.data);
  };

  const busy = sending || submit.isPending;
  // A field said missing stops saying so once it holds text (typed, or the profile's address arriving late).
  const isMissing = (name: FieldName) => missing.has(name) && !values[name].trim();
  return (
    <>
      <h1>{t('title')}</h1>
      {viewOnly && <ViewOnlyNotice />}
      <p className="muted">{t('intro')}</p>
      <form className="form card submit-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {properties.length > 0 && (
          <PropertyChoice properties={properties} value={property?.id ?? ANOTHER_ADDRESS} onChange={setChoice} disabled={busy} />
        )}
        {/* The portal spec's 'Service Address' stays on the form: it shows the chosen property's address,
            and typing another one turns the choice to 'Another address'. */}
        <RequestField
          name="address"
          label={t('address')}
          value={values.address}
          maxLength={WORK_ORDER_ADDRESS_MAX}
          error={isMissing('address') ? t('addressRequired') : undefined}
          onChange={(v) => {
            if (property) setChoice(ANOTHER_ADDRESS);
            change('address', v);
          }}
        />
        <RequestField
          name="description"
          multiline
          label={t('description')}
          value={values.description}
          maxLength={WORK_ORDER_DESCRIPTION_MAX}
          hint={t('maxHint', { max: WORK_ORDER_DESCRIPTION_MAX })}
          error={isMissing('description') ? t('descriptionRequired') : undefined}
          onChange={(v) => change('description', v)}
        />
        <PhotoPicker photos={photos} onAdd={addPhotos} onRemove={removePhoto} problem={photoProblem} disabled={busy} progress={progress} />
        {outcome?.kind === 'success' && (
          // The spec's message alone in its status element (its exact text), the new order's link beside it.
          <div className="submit-success">
            <FormMessage kind="success">{t('success')}</FormMessage>
            <Link to={customerPages.workOrder.href(outcome.orderId)} className="submitted-order">
              {t('orderLink', { id: outcome.orderId })}
            </Link>
            <p className="submit-next">{t('nextSteps')}</p>
          </div>
        )}
        {outcome?.kind === 'error' && <FormMessage kind="error">{t(outcome.key)}</FormMessage>}
        <button ref={submitRef} type="submit" className="button primary" disabled={busy || viewOnly}>
          {busy ? t('submitting') : t('submit')}
        </button>
      </form>
      {duplicate && (
        <DuplicateRequestDialog
          order={duplicate.order}
          sending={busy}
          onSendAnyway={() => void send(duplicate.draft)}
          onCancel={() => setDuplicate(null)}
        />
      )}
    </>
  );
}
