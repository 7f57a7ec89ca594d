// Answers of the primary-sale calls (spec doc 2, sections 3 and 7): activity/page,
// activity/detail/{id} and activity/detail/page. Names are in the requested language.

/** A primary-sale activity. */
export interface PrimaryActivityVO {
  id: number;
  /** ACTIVITY_TYPE: 1 a sale (/activityDetail), 2 an item list (/marketlist). */
  type: number;
  /** ACTIVITY_STATUS: 0 waiting, 1 in progress, 2 ended, 3 sold out. */
  status: number;
  /** [days, hours, minutes, seconds] to the start (status 0) or the end (status 1). */
  countdown: [number, number, number, number];
  inName: string;
  inRemark: string;
  coverUrl: string;
  backgroundUrl: string | null;
  /** Decimal string in the coin's units. */
  price: string | null;
  coin: string | null;
  totalNum: number | null;
  buyUrl: string | null;
  /** Unix milliseconds. */
  startTime: number;
  endTime: number;
}

/** An item of an activity. */
export interface PrimaryActivityItemVO {
  /** The item id (route /primary-details/{nftId}/...). */
  nftId: number;
  blindBoxId: number | null;
  name: string;
  tokenId: string | null;
  contractAddr: string | null;
  imageUrl: string;
  num: number;
  residueNum: number;
  price: string;
  coin: string | null;
  /** The activity's status; 3 when the activity is in progress and residueNum is 0. */
  status: number;
}
