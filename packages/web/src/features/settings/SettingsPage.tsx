import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { isAddress } from 'viem';
import {
  PROFILE_LIMITS,
  profileSettingsSchema,
  shortenAddress,
  validationKeyOf,
  type ProfileSettings,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';
import { errorText } from '../../lib/errors';
import {
  isSignedIn,
  openConnectDialog,
  setUserInfo,
  useSession,
  type UserProfile,
} from '../../lib/session';
import { ImageField } from './ImageField';
import { INPUT, TextField } from '../../components/TextField';
import { pillClass } from '../../components/pill';

export const CURRENT_USER_QUERY = ['user', 'current'] as const;

/** /user-settings/{walletAddress}: the owner's general settings (spec sections 2 and 5). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { walletAddress = '' } = useParams();
  const session = useSession();
  const address = walletAddress.toLowerCase();
  const signedIn = isSignedIn(session);
  const isOwner = signedIn && session.address === address;

  const profile = useQuery({
    queryKey: CURRENT_USER_QUERY,
    queryFn: () => apiRequest<UserProfile>('/user/current'),
    enabled: isOwner,
    staleTime: 0,
  });

  if (!isAddress(walletAddress, { strict: false })) return <Navigate to="/404" replace />;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" data-testid="settings-page">
      <h1 className="text-2xl font-bold text-white sm:text-3xl">{t('settings.title')}</h1>
      <p className="mt-1 text-slate-400">{t('settings.subtitle')}</p>

      {!isOwner ? (
        <Notice
          testId={signedIn ? 'settings-readonly' : 'settings-signin'}
          title={signedIn ? t('settings.readOnlyTitle') : t('settings.signInTitle')}
          body={
            signedIn
              ? t('settings.readOnlyBody', { address: shortenAddress(address) })
              : t('settings.signInBody', { address: shortenAddress(address) })
          }
          action={
            signedIn ? (
              <Link to={`/user-settings/${session.address}`} className={pillClass.brand}>
                {t('settings.openMine')}
              </Link>
            ) : (
              <button
                type="button"
                data-testid="settings-connect"
                onClick={openConnectDialog}
                className={pillClass.brand}
              >
                {t('nav.connectWallet')}
              </button>
            )
          }
        />
      ) : profile.isPending ? (
        <div className="mt-8 h-96 animate-pulse rounded-2xl bg-white/5" aria-busy="true" />
      ) : profile.isError ? (
        <Notice
          testId="settings-load-error"
          title={t('settings.loadError')}
          body={errorText(profile.error, t)}
          action={
            <button
              type="button"
              onClick={() => void profile.refetch()}
              className="inline-flex h-10 items-center rounded-full border border-white/15 px-5 text-sm font-semibold hover:bg-white/10"
            >
              {t('settings.retry')}
            </button>
          }
        />
      ) : (
        <SettingsForm profile={profile.data} />
      )}
    </section>
  );
}

function Notice(props: { testId: string; title: string; body: string; action: React.ReactNode }) {
  return (
    <div
      data-testid={props.testId}
      className="mt-8 rounded-2xl border border-white/10 bg-white/5 p-6 text-slate-200"
    >
      <h2 className="text-lg font-semibold text-white">{props.title}</h2>
      <p className="mt-1 text-sm text-slate-400">{props.body}</p>
      <div className="mt-5">{props.action}</div>
    </div>
  );
}

function toForm(profile: UserProfile): ProfileSettings {
  return {
    username: profile.username ?? '',
    email: profile.email ?? '',
    bio: profile.bio ?? '',
    avatar: profile.imageUrl ?? '',
    banner: profile.bannerUrl ?? '',
  };
}

export function SettingsForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ProfileSettings>({
    resolver: zodResolver(profileSettingsSchema),
    mode: 'onTouched',
    defaultValues: toForm(profile),
  });
  const { register, control, handleSubmit, formState, reset } = form;
  const [username = '', email = ''] = useWatch({ control, name: ['username', 'email'] });
  // Spec section 5: save is enabled only when username and email are both filled.
  const canSave = username.trim() !== '' && email.trim() !== '' && !formState.isSubmitting;

  const message = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = validationKeyOf(error.message);
    return key ? t(key as 'validation.fieldRequired') : error.message;
  };

  const save = handleSubmit(async (values) => {
    try {
      const updated = await apiRequest<UserProfile>('/user/update', {
        body: {
          username: values.username,
          email: values.email,
          bio: values.bio ?? '',
          avatar: values.avatar ?? '',
          banner: values.banner ?? '',
        },
        loading: true,
      });
      queryClient.setQueryData(CURRENT_USER_QUERY, updated);
      setUserInfo(updated);
      reset(toForm(updated));
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(errorText(error, t));
    }
  });

  const field = (name: 'username' | 'email', type: string, required: boolean) => {
    const error = message(formState.errors[name]);
    const id = `settings-${name}`;
    return (
      <TextField
        id={id}
        label={t(`settings.${name}`)}
        required={required}
        error={error}
        input={{
          type,
          autoComplete: name === 'email' ? 'email' : 'nickname',
          placeholder: t(`settings.${name}Placeholder`),
          maxLength:
            name === 'username' ? PROFILE_LIMITS.usernameMaxLength : PROFILE_LIMITS.emailMaxLength,
          ...register(name),
        }}
      />
    );
  };

  const bioError = message(formState.errors.bio);

  return (
    <form
      noValidate
      onSubmit={(e) => void save(e)}
      data-testid="settings-form"
      className="mt-8 space-y-8 rounded-2xl border border-white/10 bg-ink-900/70 p-6 sm:p-8"
    >
      <h2 className="text-lg font-semibold text-white">{t('settings.general')}</h2>
      <div className="grid gap-8 sm:grid-cols-2">
        <Controller
          control={control}
          name="avatar"
          render={({ field: f }) => (
            <ImageField
              purpose="avatar"
              label={t('settings.avatar')}
              value={f.value ?? ''}
              seed={profile.userAddr}
              onChange={(url) => f.onChange(url)}
            />
          )}
        />
        <Controller
          control={control}
          name="banner"
          render={({ field: f }) => (
            <ImageField
              purpose="banner"
              label={t('settings.banner')}
              value={f.value ?? ''}
              seed={profile.userAddr}
              onChange={(url) => f.onChange(url)}
            />
          )}
        />
      </div>
      {field('username', 'text', true)}
      {field('email', 'email', true)}
      <div>
        <label htmlFor="settings-bio" className="block text-sm font-medium text-slate-200">
          {t('settings.bio')}
        </label>
        <textarea
          id="settings-bio"
          data-testid="settings-bio"
          rows={4}
          maxLength={PROFILE_LIMITS.bioMaxLength}
          placeholder={t('settings.bioPlaceholder')}
          aria-invalid={bioError ? true : undefined}
          className={INPUT}
          {...register('bio')}
        />
        {bioError && <p className="mt-1.5 text-sm text-red-300">{bioError}</p>}
      </div>
      <div className="flex justify-end">
        <button
          type="submit"
          data-testid="settings-save"
          disabled={!canSave}
          className="inline-flex h-11 items-center rounded-full bg-brand-500 px-8 font-semibold text-ink-950 hover:bg-brand-400 disabled:cursor-not-allowed disabled:opacity-40"
        >
          {formState.isSubmitting ? t('settings.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}
