import { CONTRACT_TYPE, ORDER_STATUS, type ContractType } from '@aiamarket/shared';

/** Which trading buttons a viewer sees for one listing and their own holding (spec section 2). */
export interface VisibleActions {
  buy: boolean;
  cancel: boolean;
  updatePrice: boolean;
  sell: boolean;
  transfer: boolean;
}

/**
 * The owner of a listing sees Cancel and Update price; anyone else sees Buy on a listed (status
 * 0) order. A holder of at least 1 sees Sell and Transfer; an ERC721 already listed by its holder
 * offers Cancel and Update price instead of Sell. Signed-out viewers see the same buttons as
 * anyone else: pressing one opens the sign-in prompt.
 */
export function visibleActions(input: {
  order: { ownerAddr: string; status: number } | null;
  viewer: string | null;
  held: number;
  contractType: ContractType;
}): VisibleActions {
  const { order, held, contractType } = input;
  const viewer = input.viewer?.toLowerCase() ?? null;
  const listed = order !== null && order.status === ORDER_STATUS.listed;
  const mine = listed && viewer !== null && order.ownerAddr.toLowerCase() === viewer;
  const holds = viewer !== null && held >= 1;
  return {
    buy: listed && !mine,
    cancel: mine,
    updatePrice: mine,
    sell: holds && !(mine && contractType === CONTRACT_TYPE.erc721),
    transfer: holds,
  };
}
