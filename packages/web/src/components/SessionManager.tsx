import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { apiRequest, onSessionInvalid } from '../lib/api';
import { errorText } from '../lib/errors';
import { isSignedIn, setUserInfo, useSession, type UserProfile } from '../lib/session';
import { forceLogout, takeSignedInFlag, watchSessionWallet } from '../lib/wallet';

/**
 * The session's side effects for the whole app: the forced logout on 10003/1008, and for a
 * signed-in visitor the profile refresh and the wallet watch (account and chain changes).
 */
export function SessionManager() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const address = session.address;

  useEffect(
    () =>
      onSessionInvalid((error) => {
        forceLogout(() => toast.error(errorText(error, t), { id: 'session-ended' }));
      }),
    [t],
  );

  useEffect(() => {
    // The spec's login success toast, on the page the sign-in reloaded into.
    if (takeSignedInFlag()) toast.success(t('wallet.signedIn'), { id: 'signed-in' });
  }, [t]);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    apiRequest<UserProfile>('/user/current')
      .then((user) => {
        if (active) setUserInfo(user);
      })
      .catch(() => {
        // 10003/1008 are handled by the session-invalid handler; others leave the stored profile.
      });
    return () => {
      active = false;
    };
  }, [signedIn, address]);

  useEffect(() => {
    if (!signedIn) return;
    return watchSessionWallet({
      // The spec's 'Please switch to mainnet!', naming the chain the marketplace runs on.
      onWrongChain: (chainId, product) =>
        toast.error(t('wallet.errors.wrongChain'), {
          id: 'wrong-chain',
          description: t('wallet.errors.wrongChainDetail', {
            current: chainId,
            chain: product.name,
            id: product.chainId,
          }),
        }),
    });
  }, [signedIn, address, t]);

  return null;
}
