import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from '../../lib/toast';
import type { Address } from 'viem';
import type { z } from 'zod';
import {
  COLLECTION_LIMITS,
  UPLOAD_HINTS,
  collectionEditSchema,
  decimalInputText,
  decimalRefusalMessage,
  parseDecimalInput,
  royaltyPercentToRate,
  sharedValidationKeyOf,
  type CollectionVO,
} from '@aiamarket/shared';
import { buttonClass } from '../../components/trade/classes';
import { TxStatus, useTxFlow } from '../../lib/tx-flow';
import { readRoyaltyRate, setRoyaltyRate } from '../../lib/chain';
import { errorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { fetchCollectionByLink, updateCollection } from './api';
import { CollectionImageField } from './CollectionImageField';
import { INPUT, TextField } from '../../components/TextField';

type FormIn = z.input<typeof collectionEditSchema>;
type FormOut = z.output<typeof collectionEditSchema>;

const SOCIAL = [
  'linkSkypegmwcn',
  'linkTwitter',
  'linkDiscord',
  'linkInstagram',
  'linkMedium',
] as const;

function toForm(c: CollectionVO, locale: string): FormIn {
  return {
    name: c.name,
    linkCollection: c.linkCollection,
    description: c.description ?? '',
    headUrl: c.headUrl ?? '',
    coverUrl: c.coverUrl ?? '',
    backgroundUrl: c.backgroundUrl ?? '',
    // As the reader types it: 2.5 is "2,5" in Turkish.
    royalty: decimalInputText(String(c.royalty ?? 0), locale),
    royaltyAddr: c.royaltyAddr ?? c.ownerAddr ?? '',
    linkSkypegmwcn: c.linkSkypegmwcn ?? '',
    linkTwitter: c.linkTwitter ?? '',
    linkDiscord: c.linkDiscord ?? '',
    linkInstagram: c.linkInstagram ?? '',
    linkMedium: c.linkMedium ?? '',
  };
}

/**
 * True when the royalty or its receiver differ from what the market holds for the collection
 * (the chain, not the API, decides: the server accepts only what the market holds).
 */
export function royaltyChanged(
  onChain: { receiver: string; rate: bigint; set: boolean },
  royalty: string,
  royaltyAddr: string,
  erc2981: { rate: number; receiver: string } | null = null,
): boolean {
  const rate = BigInt(royaltyPercentToRate(royalty));
  // Without a market rate the token contract's ERC-2981 applies: keeping it needs no
  // transaction, and any other figure is set on the market, which then overrides it.
  if (!onChain.set) {
    if (!erc2981) return rate !== 0n;
    if (rate !== BigInt(erc2981.rate)) return true;
    return rate !== 0n && royaltyAddr.toLowerCase() !== erc2981.receiver.toLowerCase();
  }
  if (rate !== onChain.rate) return true;
  return rate !== 0n && royaltyAddr.toLowerCase() !== onChain.receiver.toLowerCase();
}

/**
 * The form's zod rules, with the royalty read in the interface language first:
 * "2,5" is 2.5 in Turkish; in English it is refused as ambiguous instead of read as 25.
 */
export function royaltyInLanguage(locale: string): Resolver<FormIn, unknown, FormOut> {
  const zod = zodResolver(collectionEditSchema);
  return async (values, context, options) => {
    const read = parseDecimalInput(values.royalty, locale);
    const refusal = read.ok ? null : decimalRefusalMessage(read.reason);
    if (refusal && refusal !== decimalRefusalMessage('notANumber')) {
      const result = await zod(values, context, options);
      return {
        values: {},
        errors: { ...result.errors, royalty: { type: 'custom', message: refusal.message } },
      };
    }
    return zod(read.ok ? { ...values, royalty: read.value } : values, context, options);
  };
}

/** /collection-edit/{linkCollection}: the owner's edit form (spec sections 2 and 5). */
export default function CollectionEditPage() {
  const { t } = useTranslation();
  const { linkCollection = '' } = useParams();
  const session = useSession();
  const collection = useQuery({
    queryKey: ['collection', 'link', linkCollection.toLowerCase()],
    queryFn: ({ signal }) => fetchCollectionByLink(linkCollection, signal),
  });
  const owner = collection.data?.ownerAddr?.toLowerCase() ?? null;
  const allowed = session.address !== null && owner === session.address;

  useEffect(() => {
    if (collection.isSuccess && !allowed) toast.error(t('collectionEdit.notOwner'));
  }, [collection.isSuccess, allowed, t]);

  if (collection.isError) return <Navigate to="/404" replace />;
  if (!collection.data) {
    return (
      <p className="mx-auto max-w-3xl px-4 py-16 text-slate-400" role="status">
        {t('app.loading')}
      </p>
    );
  }
  // Only the owner gets here; anyone else goes back to the collection page.
  if (!allowed) return <Navigate to={`/collection/${collection.data.linkCollection}`} replace />;
  return <CollectionEditForm collection={collection.data} />;
}

export function CollectionEditForm({ collection }: { collection: CollectionVO }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useTxFlow();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: royaltyInLanguage(i18n.language),
    mode: 'onTouched',
    defaultValues: toForm(collection, i18n.language),
  });
  const { register, control, handleSubmit, formState } = form;
  // The royalty the token contract pays (shown read-only: only a market rate overrides it).
  const erc2981 =
    collection.royaltySource === 'erc2981' && collection.royalty !== null && collection.royaltyAddr
      ? {
          rate: royaltyPercentToRate(String(collection.royalty)),
          receiver: collection.royaltyAddr,
        }
      : null;

  const message = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = sharedValidationKeyOf(error.message);
    return key ? t(key as 'collectionEdit.saved') : error.message;
  };

  const save = handleSubmit(
    async (values) => {
      // The server stores the royalty only when the market holds the same: set it on chain first.
      const onChain = await readRoyaltyRate(collection.contractAddr as Address).catch(() => null);
      if (!onChain || royaltyChanged(onChain, values.royalty, values.royaltyAddr, erc2981)) {
        const ok = await flow.run((wallet, onHash) =>
          setRoyaltyRate(
            wallet,
            collection.contractAddr as Address,
            values.royaltyAddr as Address,
            values.royalty,
            onHash,
          ),
        );
        if (!ok) return;
      }
      try {
        const updated = await updateCollection({ ...values, id: collection.id });
        await queryClient.invalidateQueries({ queryKey: ['collection'] });
        toast.success(t('collectionEdit.saved'));
        void navigate(`/collection/${updated.linkCollection}`);
      } catch (error) {
        toast.error(errorText(error, t));
      }
    },
    (errors) => {
      // The spec's warnings for the missing images.
      if (errors.headUrl) toast.error(message(errors.headUrl as FieldError));
      else if (errors.coverUrl) toast.error(message(errors.coverUrl as FieldError));
    },
  );

  const text = (
    name: 'name' | 'linkCollection' | 'royalty' | 'royaltyAddr' | (typeof SOCIAL)[number],
    options: { required?: boolean; maxLength?: number; placeholder?: string } = {},
  ) => {
    const id = `collection-edit-${name}`;
    const error = message(formState.errors[name] as FieldError | undefined);
    return (
      <TextField
        id={id}
        label={t(`collectionEdit.fields.${name}`)}
        required={options.required}
        error={error}
        input={{
          autoComplete: 'off',
          maxLength: options.maxLength,
          placeholder: options.placeholder,
          ...register(name),
        }}
      />
    );
  };

  const descriptionError = message(formState.errors.description);
  const busy = flow.busy || formState.isSubmitting;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" data-testid="collection-edit-page">
      <h1 className="text-2xl font-bold text-white">{t('collectionEdit.title')}</h1>
      <p className="mt-1 text-sm text-slate-400">{collection.name}</p>
      <form className="mt-8 space-y-6" noValidate onSubmit={(e) => void save(e)}>
        <div className="grid gap-6 sm:grid-cols-2">
          <Controller
            control={control}
            name="headUrl"
            render={({ field, fieldState }) => (
              <CollectionImageField
                purpose="collectionProfile"
                label={t('collectionEdit.fields.headUrl')}
                hint={UPLOAD_HINTS.profile}
                value={field.value ?? ''}
                required
                error={message(fieldState.error)}
                onChange={field.onChange}
                shape="size-32 rounded-full"
              />
            )}
          />
          <Controller
            control={control}
            name="coverUrl"
            render={({ field, fieldState }) => (
              <CollectionImageField
                purpose="collectionCover"
                label={t('collectionEdit.fields.coverUrl')}
                hint={UPLOAD_HINTS.cover}
                value={field.value ?? ''}
                required
                error={message(fieldState.error)}
                onChange={field.onChange}
                shape="h-32 w-48"
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="backgroundUrl"
          render={({ field, fieldState }) => (
            <CollectionImageField
              purpose="collectionBackground"
              label={t('collectionEdit.fields.backgroundUrl')}
              hint={UPLOAD_HINTS.background}
              value={field.value ?? ''}
              required={false}
              error={message(fieldState.error)}
              onChange={field.onChange}
              shape="h-24 w-full"
            />
          )}
        />
        {text('name', { required: true, maxLength: COLLECTION_LIMITS.nameMaxLength })}
        {text('linkCollection', { required: true, maxLength: COLLECTION_LIMITS.linkMaxLength })}
        <div>
          <label
            htmlFor="collection-edit-description"
            className="block text-sm font-medium text-slate-200"
          >
            {t('collectionEdit.fields.description')}
            <span className="ml-1 text-red-300">*</span>
          </label>
          <textarea
            id="collection-edit-description"
            data-testid="collection-edit-description"
            rows={4}
            maxLength={COLLECTION_LIMITS.descriptionMaxLength}
            aria-invalid={descriptionError ? true : undefined}
            className={INPUT}
            {...register('description')}
          />
          {descriptionError && (
            <p
              className="mt-1.5 text-sm text-red-300"
              data-testid="collection-edit-description-error"
            >
              {descriptionError}
            </p>
          )}
        </div>
        <div className="grid gap-6 sm:grid-cols-[10rem_1fr]">
          {/* No maxLength: a cut-off character would change the number without a word. */}
          {text('royalty', { required: true, placeholder: '0' })}
          {text('royaltyAddr', { required: true, maxLength: 42, placeholder: '0x…' })}
        </div>
        {erc2981 && collection.royalty !== null && (
          <p className="text-sm text-slate-200" data-testid="collection-edit-royalty-erc2981">
            {t('collectionEdit.royaltyErc2981', { rate: collection.royalty })}{' '}
            <span className="text-xs text-slate-400">{t('collectionEdit.royaltyErc2981Note')}</span>
          </p>
        )}
        <p className="text-xs text-slate-400">{t('collectionEdit.royaltyHint')}</p>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-white">{t('collectionEdit.links')}</legend>
          {SOCIAL.map((name) => (
            <div key={name}>{text(name, { placeholder: 'https://' })}</div>
          ))}
        </fieldset>
        <TxStatus state={flow.state} />
        <div className="flex justify-end">
          <button
            type="submit"
            data-testid="collection-edit-save"
            disabled={busy}
            className={buttonClass.primary}
          >
            {busy ? t('trade.tx.working') : t('collectionEdit.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
