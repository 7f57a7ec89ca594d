// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {SaleSplit} from "./lib/SaleSplit.sol";
import {MarketSettingsCopy} from "./lib/MarketSettingsCopy.sol";
import {PullPayments} from "./lib/PullPayments.sol";
import {SignedOrderBase} from "./lib/SignedOrderBase.sol";
import {OffersEventsAndErrors} from "./interfaces/OffersEventsAndErrors.sol";

/// @notice The wrapped AIA's unwrap (WrappedAIA.withdraw, WETH9's).
interface IWrappedNative {
    function withdraw(uint256 value) external;
}

/// @title Offers
/// @notice Signed (EIP-712) buy offers on one token, any token of a collection, or any token of
///         a trait set (a Merkle root of token ids), accepted by a holder in one transaction:
///         the holder delivers the token and the offerer's ERC-20 pays seller, fee and royalty.
///         Making an offer costs no gas; the coin stays in the offerer's wallet with an
///         allowance to this contract.
/// @dev A separate contract rather than a market upgrade, so the audited sale path, its storage
///      and its buy gas stay untouched. The market owns the settings (allowed coins, fee, market
///      royalty rates, pause); this contract keeps a copy of what an acceptance needs, one slot
///      per coin (the fee and pause repeated in each) and one per collection, because reading
///      them from the market behind its proxy cost about 19,000 gas per acceptance (cold proxy,
///      implementation and four calls), 1.135x Seaport. The copies never decide alone: they are
///      pulled from the market (`syncCoin`, `syncRoyalty`, `syncAllCoins`; anyone may call them,
///      they only copy the market's answer) and the market calls them after every change of a
///      setting (Marketplace.setOffers links the two), so an offer pays exactly what a sale of
///      the same token at the same price would. A coin or collection never copied is pulled at
///      its first acceptance. See packages/contracts/README.md, Offers.
///      Payments (PullPayments): an ERC-20 payout the token refuses (a blocked fee address or
///      royalty receiver, or seller) is pulled here from the offerer and credited to its payee,
///      who withdraws it with withdrawOwed; the acceptance goes through. Credit rather than
///      revert: the seller accepting is not the one who refused. acceptOfferForAIA pays the
///      seller's part of a wrapped-AIA offer in AIA (unwrapped here in the same call).
///      The counter, cancel and filled bookkeeping and the signature check are SignedOrderBase's
///      (shared with Listings); events and errors are declared in OffersEventsAndErrors.
contract Offers is OffersEventsAndErrors, SignedOrderBase, MarketSettingsCopy, PullPayments {
    using SafeERC20 for IERC20;

    /// @notice What an offer wants: one token, any token of the collection, or any token whose
    ///         id is a leaf of the Merkle root in `identifier`.
    enum Kind {
        Item,
        Collection,
        Trait
    }

    /// @notice One signed offer. `identifier`: the token id (Item), the Merkle root of the
    ///         trait set's token ids (Trait), ignored (Collection). `units`: ERC1155 units, or
    ///         the number of tokens of a collection/trait offer (ERC721: one per acceptance).
    struct Offer {
        address offerer;
        address collection;
        Kind kind;
        bool erc1155;
        uint256 identifier;
        uint256 units;
        address coin;
        uint256 pricePerUnit;
        uint256 start;
        uint256 end;
        uint256 salt;
        uint256 counter;
    }

    bytes32 public constant OFFER_TYPEHASH = keccak256(
        "Offer(address offerer,address collection,uint8 kind,bool erc1155,uint256 identifier,uint256 units,"
        "address coin,uint256 pricePerUnit,uint256 start,uint256 end,uint256 salt,uint256 counter)"
    );

    constructor(address market_) SignedOrderBase("AIAMarket Offers", "1") MarketSettingsCopy(market_) {}

    // ---------------------------------------------------------------- accept

    /// @notice Sells `units` of `tokenId` to `offer` (ERC721: units 1). The caller must hold
    ///         the token and have approved this contract; `proof` is the Merkle proof of
    ///         `tokenId` for a trait offer (empty otherwise). The offerer pays price x units:
    ///         fee and royalty as in a market sale, the rest to the caller.
    function acceptOffer(
        Offer calldata offer,
        bytes calldata signature,
        uint256 tokenId,
        uint256 units,
        bytes32[] calldata proof
    ) external nonReentrant {
        _accept(offer, signature, tokenId, units, proof, false);
    }

    /// @notice acceptOffer for an offer in the wrapped AIA (WrappedAIA), the seller's part paid
    ///         in AIA: it is pulled from the offerer in the wrapped coin, unwrapped here and sent
    ///         to the caller (fee and royalty stay in the wrapped coin). Reverts with
    ///         UnwrapFailed for a coin that does not unwrap to AIA, and NativeTransferFailed when
    ///         the caller refuses AIA (acceptOffer then pays it the wrapped coin).
    function acceptOfferForAIA(
        Offer calldata offer,
        bytes calldata signature,
        uint256 tokenId,
        uint256 units,
        bytes32[] calldata proof
    ) external nonReentrant {
        _accept(offer, signature, tokenId, units, proof, true);
    }

    /// @dev AIA arrives only from the coin unwrapped inside an acceptance.
    receive() external payable {
        bool entered;
        assembly ("memory-safe") {
            entered := tload(ENTERED_SLOT)
        }
        if (!entered) revert UnwrapFailed(msg.sender);
    }

    /// @notice Sends the caller's credited balance in `coin` to `to` (PullPayments).
    function withdrawOwed(address coin, address to) external nonReentrant returns (uint256) {
        return _withdrawOwed(coin, to);
    }

    function _accept(
        Offer calldata offer,
        bytes calldata signature,
        uint256 tokenId,
        uint256 units,
        bytes32[] calldata proof,
        bool unwrap
    ) private {
        // One validated copy in memory: each checked calldata read of a field would cost its
        // validation again (about 1,300 gas over an acceptance).
        (Offer memory o, bytes32 orderHash) = _load(offer);
        CoinTerms memory terms = _coinTermsOf(o.coin);
        if (terms.paused) revert MarketPaused();
        _checkTerms(o, tokenId, units, proof);

        (uint256 slot, uint256 filled) = _filledSlot(o.offerer, orderHash);
        if (filled == CANCELLED) revert OfferCancelledError(orderHash);
        {
            // filled <= o.units always (checked below before every write).
            uint256 remaining;
            unchecked {
                remaining = o.units - filled;
            }
            if (units > remaining) revert ExceedsRemaining(remaining, units);
        }
        SignedBy signedBy = _signedBy(o.offerer, orderHash, signature);
        if (signedBy == SignedBy.Nobody) revert InvalidSignature();
        if (!terms.allowed) revert CoinNotAllowed(o.coin);

        // Effects before any external call that could reach the offerer or the seller.
        unchecked {
            filled += units;
        }
        _writeFilled(slot, filled);

        // A contract offerer gets ERC721s with safeTransferFrom.
        _settle(o, orderHash, tokenId, units, filled, signedBy == SignedBy.Contract, terms, unwrap);
    }

    // ---------------------------------------------------------------- cancel

    /// @notice Cancels the caller's offers with these order hashes (a hash of someone else's
    ///         offer only marks an entry under the caller's address, which nothing reads).
    function cancelOffers(bytes32[] calldata orderHashes) external {
        _cancel(orderHashes);
    }

    // ---------------------------------------------------------------- reads

    /// @notice The EIP-712 digest (order hash) of an offer on this contract and chain.
    function hashOffer(Offer calldata offer) external view returns (bytes32) {
        return _hashTypedDataV4(_structHash(offer));
    }

    /// @notice Units filled so far and whether the offerer cancelled it.
    function offerStatus(address offerer, bytes32 orderHash) external view returns (uint256 filled, bool cancelled) {
        return _status(offerer, orderHash);
    }

    function counterOf(address offerer) external view returns (uint256) {
        return _counterOf(offerer);
    }

    // ---------------------------------------------------------------- internals

    /// @dev Every refusal that needs no storage of this contract, cheapest first.
    function _checkTerms(Offer memory offer, uint256 tokenId, uint256 units, bytes32[] calldata proof)
        private
        view
    {
        address offerer = offer.offerer;
        if (units == 0 || (!offer.erc1155 && units != 1)) revert InvalidUnits(units);
        if (offer.units == CANCELLED) revert InvalidUnits(offer.units);
        if (offer.pricePerUnit == 0) revert InvalidPrice();
        if (block.timestamp < offer.start) revert OfferNotStarted(offer.start);
        if (block.timestamp >= offer.end) revert OfferExpired(offer.end);
        uint256 current = _counterOf(offerer);
        if (offer.counter != current) revert CounterBumped(offer.counter, current);
        Kind kind = offer.kind;
        if (kind == Kind.Item) {
            if (tokenId != offer.identifier) revert TokenNotInOffer(tokenId);
        } else if (kind == Kind.Trait) {
            // Leaves are keccak256(abi.encode(tokenId)), pairs hashed sorted (OpenZeppelin).
            if (!MerkleProof.verifyCalldata(proof, bytes32(offer.identifier), keccak256(abi.encode(tokenId)))) {
                revert TokenNotInTraitSet(tokenId);
            }
        }
        if (msg.sender == offerer) revert SellerIsOfferer();
    }

    /// @dev keccak256(abi.encode(OFFER_TYPEHASH, offer)): all fields are static, so the ABI
    ///      layout is EIP-712's encodeData and the 12 words are hashed as they came.
    function _structHash(Offer calldata offer) private pure returns (bytes32 hash) {
        bytes32 typeHash = OFFER_TYPEHASH;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), offer, 0x180)
            hash := keccak256(ptr, 0x1a0)
        }
    }

    /// @dev The offer copied to memory behind its type hash, with its order hash: one
    ///      calldatacopy and one check of the fields that can carry bits their type does not
    ///      allow (the three addresses, kind, erc1155), which revert as the ABI decoder would.
    ///      The hash covers the checked words, so it is the hash of the offer as signed.
    function _load(Offer calldata offer) private view returns (Offer memory o, bytes32 orderHash) {
        bytes32 typeHash = OFFER_TYPEHASH;
        bytes32 structHash;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(0x40, add(ptr, 0x1a0))
            mstore(ptr, typeHash)
            o := add(ptr, 0x20)
            calldatacopy(o, offer, 0x180)
            if or(
                or(shr(160, mload(o)), shr(160, mload(add(o, 0x20)))),
                or(or(gt(mload(add(o, 0x40)), 2), gt(mload(add(o, 0x60)), 1)), shr(160, mload(add(o, 0xc0))))
            ) { revert(0, 0) }
            structHash := keccak256(ptr, 0x1a0)
        }
        orderHash = _hashTypedDataV4(structHash);
    }

    function _deliver(Offer memory offer, uint256 tokenId, uint256 units, bool toContract) private {
        address collection = offer.collection;
        address offerer = offer.offerer;
        if (offer.erc1155) {
            IERC1155(collection).safeTransferFrom(msg.sender, offerer, tokenId, units, "");
        } else if (toContract) {
            // A contract wallet gets the receiver hook, so it cannot end up with a token it cannot move.
            IERC721(collection).safeTransferFrom(msg.sender, offerer, tokenId);
        } else {
            IERC721(collection).transferFrom(msg.sender, offerer, tokenId);
        }
    }

    /// @dev Interactions: the token to the offerer, then the payments, then the event.
    function _settle(
        Offer memory offer,
        bytes32 orderHash,
        uint256 tokenId,
        uint256 units,
        uint256 filled,
        bool toContract,
        CoinTerms memory terms,
        bool unwrap
    ) private {
        _deliver(offer, tokenId, units, toContract);
        (uint256 fee, uint256 royalty, address royaltyReceiver) = _pay(offer, tokenId, units, terms, unwrap);
        _emitAccepted(offer, orderHash, tokenId, units, filled, fee, royalty, royaltyReceiver);
    }

    /// @dev emit OfferAccepted(orderHash, offer.offerer, msg.sender, offer.collection, tokenId,
    ///      units, offer.coin, offer.pricePerUnit, fee, royalty, royaltyReceiver, filled),
    ///      written out (about 300 gas less than the generated encoder).
    function _emitAccepted(
        Offer memory offer,
        bytes32 orderHash,
        uint256 tokenId,
        uint256 units,
        uint256 filled,
        uint256 fee,
        uint256 royalty,
        address royaltyReceiver
    ) private {
        bytes32 topic = OfferAccepted.selector;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, mload(add(offer, 0x20))) // collection
            mstore(add(ptr, 0x20), tokenId)
            mstore(add(ptr, 0x40), units)
            mstore(add(ptr, 0x60), mload(add(offer, 0xc0))) // coin
            mstore(add(ptr, 0x80), mload(add(offer, 0xe0))) // pricePerUnit
            mstore(add(ptr, 0xa0), fee)
            mstore(add(ptr, 0xc0), royalty)
            mstore(add(ptr, 0xe0), royaltyReceiver)
            mstore(add(ptr, 0x100), filled)
            log4(ptr, 0x120, topic, orderHash, mload(offer), caller())
        }
    }

    /// @dev The market's split of a sale: SaleSplit.fee over its fee settings, its royalty
    ///      (market rate, else ERC-2981 capped at 10 %), the seller gets the rest.
    ///      A payee the token refuses is credited (PullPayments).
    function _pay(Offer memory offer, uint256 tokenId, uint256 units, CoinTerms memory terms, bool unwrap)
        private
        returns (uint256 fee, uint256 royalty, address royaltyReceiver)
    {
        uint256 gross = offer.pricePerUnit * units;
        fee = SaleSplit.fee(gross, terms.feeNumerator, terms.feeDenominator);
        (royaltyReceiver, royalty) = _royalty(offer.collection, tokenId, gross);
        IERC20 coin = IERC20(offer.coin);
        address offerer = offer.offerer;
        if (unwrap) _payUnwrapped(coin, offerer, gross - fee - royalty);
        else _transferFromOrCredit(coin, offerer, msg.sender, gross - fee - royalty);
        if (fee != 0) _transferFromOrCredit(coin, offerer, terms.feeAddress, fee);
        if (royalty != 0) _transferFromOrCredit(coin, offerer, royaltyReceiver, royalty);
    }

    /// @dev `amount` of the wrapped coin from the offerer, unwrapped, to the seller in AIA. The
    ///      balance is measured, not trusted: a coin that does not pay exactly `amount` AIA for
    ///      its withdraw is refused. The seller chose this call, so its refusal reverts.
    function _payUnwrapped(IERC20 coin, address offerer, uint256 amount) private {
        coin.safeTransferFrom(offerer, address(this), amount);
        uint256 before = address(this).balance;
        (bool ok,) = address(coin).call(abi.encodeCall(IWrappedNative.withdraw, (amount)));
        if (!ok || address(this).balance != before + amount) revert UnwrapFailed(address(coin));
        (ok,) = msg.sender.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(msg.sender);
    }

    function _emitCancelled(address offerer, bytes32 orderHash) internal override {
        emit OfferCancelled(offerer, orderHash);
    }

    function _emitCounterIncremented(address offerer, uint256 counter) internal override {
        emit CounterIncremented(offerer, counter);
    }

    /// @dev Payouts that failed, credited to their payees (PullPayments).
    Owed private _owed;

    function _owedStore() internal view override returns (Owed storage) {
        return _owed;
    }
}
