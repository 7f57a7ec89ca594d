/**
 * The error catalogue: every non-zero `code` the API can answer, with its HTTP status, an English
 * message and the i18n key the web app translates. Codes 10003 and 1008 mean the session is
 * invalid (10003: token unknown or expired; 1008: session ended by logout or by a newer sign-in);
 * the web app then clears the session and returns home. A protected call without any token answers
 * 10002 ('Please log in first!'). A message may carry a `{{placeholder}}` that the server fills.
 */
export const ERRORS = {
  badRequest: {
    code: 10001,
    status: 400,
    message: 'Invalid request parameters',
    key: 'errors.badRequest',
  },
  notLoggedIn: {
    code: 10002,
    status: 401,
    message: 'Please log in first!',
    key: 'errors.notLoggedIn',
  },
  tokenInvalid: {
    code: 10003,
    status: 401,
    message: 'Login has expired, please log in again',
    key: 'errors.tokenInvalid',
  },
  sessionEnded: {
    code: 1008,
    status: 401,
    message: 'You have been logged out, please log in again',
    key: 'errors.sessionEnded',
  },
  forbidden: {
    code: 10005,
    status: 403,
    message: 'You are not allowed to do this',
    key: 'errors.forbidden',
  },
  notFound: { code: 10004, status: 404, message: 'Not found', key: 'errors.notFound' },
  payloadTooLarge: {
    code: 10006,
    status: 413,
    message: 'Uploaded image should be less than 5M',
    key: 'errors.payloadTooLarge',
  },
  tooManyRequests: {
    code: 10007,
    status: 429,
    message: 'Too many requests, please try again later',
    key: 'errors.tooManyRequests',
  },
  requestTimeout: {
    code: 10008,
    status: 408,
    message: 'The request timed out',
    key: 'errors.requestTimeout',
  },
  nonceInvalid: {
    code: 10010,
    status: 400,
    message: 'The sign-in nonce is invalid or expired',
    key: 'errors.nonceInvalid',
  },
  signatureInvalid: {
    code: 10011,
    status: 400,
    message: 'The signature does not match the address',
    key: 'errors.signatureInvalid',
  },
  signMessageInvalid: {
    code: 10012,
    status: 400,
    message: 'The signed message is not the one issued for this sign-in',
    key: 'errors.signMessageInvalid',
  },
  imageType: {
    code: 10013,
    status: 400,
    message: 'Uploading image should be JPG/PNG/GIF',
    key: 'errors.imageType',
  },
  collectionImageType: {
    code: 10014,
    status: 400,
    message: 'Uploading image should be JPG/PNG/SVG',
    key: 'errors.collectionImageType',
  },
  imageTooLarge: {
    code: 10015,
    status: 413,
    message: 'Uploaded image should be less than {{size}}M',
    key: 'errors.imageTooLarge',
  },
  fileEmpty: {
    code: 10016,
    status: 400,
    message: 'The uploaded file is empty',
    key: 'errors.fileEmpty',
  },
  fileNameInvalid: {
    code: 10017,
    status: 400,
    message: 'The file name is not allowed',
    key: 'errors.fileNameInvalid',
  },
  imageDimensions: {
    code: 10018,
    status: 400,
    message: 'The image should have no empty side and at most {{megapixels}} megapixels',
    key: 'errors.imageDimensions',
  },
  svgTooComplex: {
    code: 10019,
    status: 400,
    message: 'The SVG has too many or too deeply nested elements',
    key: 'errors.svgTooComplex',
  },
  serviceUnavailable: {
    code: 10009,
    status: 503,
    message: 'Service unavailable',
    key: 'errors.serviceUnavailable',
  },
  chainUnavailable: {
    code: 10020,
    status: 503,
    message: 'The chain node is not reachable',
    key: 'errors.chainUnavailable',
  },
  ipfsUnavailable: {
    code: 10021,
    status: 503,
    message: 'The IPFS node is not reachable',
    key: 'errors.ipfsUnavailable',
  },
  // Offers: each refusal of offer/create and offer/proof, so the web app can say
  // what to change; nothing is stored on any of them.
  offersUnavailable: {
    code: 10022,
    status: 503,
    message: 'Offers are not available on this marketplace',
    key: 'errors.offersUnavailable',
  },
  offerSignatureInvalid: {
    code: 10023,
    status: 400,
    message: 'The offer signature is not valid for the offerer',
    key: 'errors.offerSignatureInvalid',
  },
  offerCounterStale: {
    code: 10024,
    status: 400,
    message: 'The offer was signed before your offers were cancelled: sign it again',
    key: 'errors.offerCounterStale',
  },
  offerCoinNotAllowed: {
    code: 10025,
    status: 400,
    message: 'This coin cannot be used for offers',
    key: 'errors.offerCoinNotAllowed',
  },
  offerPriceInvalid: {
    code: 10026,
    status: 400,
    message: 'The offer price must be above 0',
    key: 'errors.offerPriceInvalid',
  },
  offerUnitsInvalid: {
    code: 10027,
    status: 400,
    message: 'The quantity of the offer is not valid (at least 1; exactly 1 for an ERC721 item)',
    key: 'errors.offerUnitsInvalid',
  },
  offerTimeInvalid: {
    code: 10028,
    status: 400,
    message: 'The offer must end in the future, after its start, and within {{days}} days',
    key: 'errors.offerTimeInvalid',
  },
  offerCollectionUnknown: {
    code: 10029,
    status: 400,
    message: 'The collection is not on this marketplace or is not of this token standard',
    key: 'errors.offerCollectionUnknown',
  },
  offerTokenUnknown: {
    code: 10030,
    status: 400,
    message: 'This item is not known in the collection',
    key: 'errors.offerTokenUnknown',
  },
  offerTraitUnknown: {
    code: 10031,
    status: 400,
    message: 'The trait is not one of this collection',
    key: 'errors.offerTraitUnknown',
  },
  offerTraitSetChanged: {
    code: 10032,
    status: 400,
    message: 'The items having this trait have changed: sign the offer again',
    key: 'errors.offerTraitSetChanged',
  },
  offerTraitSetTooLarge: {
    code: 10033,
    status: 400,
    message: 'A trait offer can cover at most {{max}} items',
    key: 'errors.offerTraitSetTooLarge',
  },
  offerNotFunded: {
    code: 10034,
    status: 400,
    message: 'Your balance or the approved amount of this coin does not cover the offer',
    key: 'errors.offerNotFunded',
  },
  offerTokenNotInSet: {
    code: 10035,
    status: 400,
    message: 'This item is not one of the items the offer is for',
    key: 'errors.offerTokenNotInSet',
  },
  // Signed listings: each refusal of listing/create; `data.index` names the refused
  // listing of the request and nothing is stored.
  listingsUnavailable: {
    code: 10036,
    status: 503,
    message: 'Signed listings are not available on this marketplace',
    key: 'errors.listingsUnavailable',
  },
  listingSignatureInvalid: {
    code: 10037,
    status: 400,
    message: 'The listing signature is not valid for the seller',
    key: 'errors.listingSignatureInvalid',
  },
  listingCounterStale: {
    code: 10038,
    status: 400,
    message: 'The listing was signed before your listings were cancelled: sign it again',
    key: 'errors.listingCounterStale',
  },
  listingCoinNotAllowed: {
    code: 10039,
    status: 400,
    message: 'This coin cannot be used for listings',
    key: 'errors.listingCoinNotAllowed',
  },
  listingPriceInvalid: {
    code: 10040,
    status: 400,
    message: 'The listing price must be above 0',
    key: 'errors.listingPriceInvalid',
  },
  listingUnitsInvalid: {
    code: 10041,
    status: 400,
    message: 'The quantity of the listing is not valid (at least 1; exactly 1 for an ERC721 item)',
    key: 'errors.listingUnitsInvalid',
  },
  listingTimeInvalid: {
    code: 10042,
    status: 400,
    message: 'The listing must end in the future, after its start, and within {{days}} days',
    key: 'errors.listingTimeInvalid',
  },
  listingCollectionUnknown: {
    code: 10043,
    status: 400,
    message: 'The collection is not on this marketplace or is not of this token standard',
    key: 'errors.listingCollectionUnknown',
  },
  listingNotHeld: {
    code: 10044,
    status: 400,
    message: 'The seller does not hold the units of this item that the listing sells',
    key: 'errors.listingNotHeld',
  },
  listingNotApproved: {
    code: 10045,
    status: 400,
    message: 'Approve the marketplace for this collection before listing',
    key: 'errors.listingNotApproved',
  },
  listingTreeHashOnly: {
    code: 10060,
    status: 400,
    message:
      'This bulk listing was signed as a bare hash, which is no longer accepted: sign the listings themselves again',
    key: 'errors.listingTreeHashOnly',
  },
  liveTopicsInvalid: {
    code: 10046,
    status: 400,
    message:
      'Subscribe to 1 to {{max}} topics: market, item:<contract>:<tokenId>, collection:<contract>, account:<address> or launchpad:<projectId>',
    key: 'errors.liveTopicsInvalid',
  },
  liveTooManyStreams: {
    code: 10047,
    status: 429,
    message: 'Too many open event streams from this client; close one and try again',
    key: 'errors.liveTooManyStreams',
  },
  // Per-signer caps on stored signed orders (offer/create, listing/create).
  offerOpenLimit: {
    code: 10050,
    status: 409,
    message:
      'This address already has {{max}} open offers: cancel some or let them expire before making another',
    key: 'errors.offerOpenLimit',
  },
  listingOpenLimit: {
    code: 10051,
    status: 409,
    message:
      'This address already has {{max}} open listings: cancel some or let them expire before listing more',
    key: 'errors.listingOpenLimit',
  },
  serverError: {
    code: 500,
    status: 500,
    message: 'Server request exception',
    key: 'errors.serverError',
  },
} as const satisfies Record<string, ErrorDef>;

export interface ErrorDef {
  code: number;
  status: number;
  message: string;
  key: string;
}

export type ErrorName = keyof typeof ERRORS;

export const SUCCESS_CODE = 0;
export const SUCCESS_MESSAGE = 'success';

/** Codes after which the client must drop its session. */
export const SESSION_INVALID_CODES: readonly number[] = [
  ERRORS.tokenInvalid.code,
  ERRORS.sessionEnded.code,
];

export function isSessionInvalidCode(code: number): boolean {
  return SESSION_INVALID_CODES.includes(code);
}

/** Fills the `{{name}}` placeholders of a catalogue message. */
export function formatErrorMessage(
  message: string,
  params: Record<string, string | number> = {},
): string {
  return message.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function errorByCode(code: number): ErrorDef | undefined {
  return Object.values(ERRORS).find((e) => e.code === code);
}

/**
 * Every answer of the API. A refusal (code not 0) also carries `messageKey`, the stable i18n key
 * of its message: the catalogue key of the error (`errors.*`), or the key of the shared
 * validation rule whose message it answers (`validation.*`, `trade.rules.*`,
 * `collectionEdit.*`). Clients translate by the key, never by the English text.
 */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  messageKey?: string;
  data: T;
}

/** A paged list as the spec names it. */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages?: number;
}

/** Thrown on either side with a catalogue entry; the server turns it into an envelope. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly key: string;
  readonly details?: unknown;
  /** The envelope's `messageKey` (client side): the i18n key of this very message. */
  readonly messageKey?: string;
  /**
   * What the error envelope's `data` carries to the client (listing/create: `{ index }` of the
   * refused listing); unlike `details` (diagnostics for the log), it is sent. Null when absent.
   */
  data?: Record<string, unknown>;

  constructor(def: ErrorDef, message?: string, details?: unknown, messageKey?: string) {
    super(message ?? def.message);
    this.name = 'ApiError';
    this.code = def.code;
    this.status = def.status;
    this.key = def.key;
    this.details = details;
    if (messageKey) this.messageKey = messageKey;
  }

  /** Sets what the envelope's `data` carries (see `data`). */
  withData(data: Record<string, unknown>): this {
    this.data = data;
    return this;
  }
}
