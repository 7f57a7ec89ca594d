// The launchpad answer types live once in @aiamarket/shared (the server's routes conform to
// them); the names this feature uses are aliases.
export type {
  LaunchpadCollectionVO as CollectionsVO,
  LaunchpadProjectVO as LaunchpadProject,
  MintCoinVO as MintCoin,
} from '@aiamarket/shared';
