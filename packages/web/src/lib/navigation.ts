/**
 * Navigation state of /privacy: `policy` shows the privacy policy, `help` and `service` the
 * terms (spec doc 1, section 2).
 */
export type PrivacySource = 'help' | 'service' | 'policy';
export interface PrivacyNavState {
  source: PrivacySource;
}

/** Where the connect dialog sends a visitor without a browser wallet. */
export const WALLET_DOWNLOAD_URL = 'https://metamask.io/download/';
