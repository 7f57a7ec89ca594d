// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {SaleSplit} from "./lib/SaleSplit.sol";

/// @notice What the offers contract reads from the market: the settings a sale pays by.
interface IMarketSettings {
    function feeConfig()
        external
        view
        returns (address feeAddress, uint256 feeNumerator, uint256 feeDenominator, uint256 royaltyRateDenominator);
    function royaltyOf(address nftContract, uint256 tokenId, uint256 salePrice)
        external
        view
        returns (address receiver, uint256 amount);
    function isCoinAllowed(address coin) external view returns (bool);
    function paused() external view returns (bool);
}

/// @title Offers
/// @notice Signed (EIP-712) buy offers on one token, any token of a collection, or any token of
///         a trait set (a Merkle root of token ids), accepted by a holder in one transaction:
///         the holder delivers the token and the offerer's ERC-20 pays seller, fee and royalty.
///         Making an offer costs no gas; the coin stays in the offerer's wallet with an
///         allowance to this contract.
/// @dev A separate contract rather than a market upgrade, so the audited sale path, its storage
///      and its buy gas stay untouched. It holds no settings of its own: the allowed coins, the
///      fee, the royalty (market rate or capped ERC-2981: the market's own `royaltyOf`) and the
///      pause are read from the market at every acceptance, so an offer pays exactly what a sale
///      of the same token at the same price would. See packages/contracts/README.md, Offers.
contract Offers is EIP712, ReentrancyGuardTransient {
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

    /// @dev One acceptance's split (in memory: the event needs more values than the stack holds).
    struct Payout {
        uint256 gross;
        address feeAddress;
        uint256 fee;
        uint256 royalty;
        address royaltyReceiver;
    }

    bytes32 public constant OFFER_TYPEHASH = keccak256(
        "Offer(address offerer,address collection,uint8 kind,bool erc1155,uint256 identifier,uint256 units,"
        "address coin,uint256 pricePerUnit,uint256 start,uint256 end,uint256 salt,uint256 counter)"
    );

    /// @dev Filled value marking a cancelled offer (an offer of this many units is refused).
    uint256 private constant CANCELLED = type(uint256).max;

    /// @notice The market whose coins, fee, royalty and pause apply.
    IMarketSettings public immutable market;

    /// @dev offerer => order hash => units filled (CANCELLED once cancelled). Keyed by offerer
    ///      too, so cancelling by hash needs no proof of ownership: a caller only ever writes
    ///      under its own address.
    mapping(address offerer => mapping(bytes32 orderHash => uint256)) private _filled;
    mapping(address offerer => uint256) private _counters;

    event OfferAccepted(
        bytes32 indexed orderHash,
        address indexed offerer,
        address indexed seller,
        address collection,
        uint256 tokenId,
        uint256 units,
        address coin,
        uint256 pricePerUnit,
        uint256 fee,
        uint256 royalty,
        address royaltyReceiver,
        uint256 filled
    );
    event OfferCancelled(address indexed offerer, bytes32 indexed orderHash);
    event CounterIncremented(address indexed offerer, uint256 counter);

    error MarketPaused();
    error InvalidUnits(uint256 units);
    error InvalidPrice();
    error OfferNotStarted(uint256 start);
    error OfferExpired(uint256 end);
    error CounterBumped(uint256 signed, uint256 current);
    error TokenNotInOffer(uint256 tokenId);
    error TokenNotInTraitSet(uint256 tokenId);
    error SellerIsOfferer();
    error OfferCancelledError(bytes32 orderHash);
    error ExceedsRemaining(uint256 remaining, uint256 units);
    error InvalidSignature();
    error CoinNotAllowed(address coin);

    constructor(address market_) EIP712("AIAMarket Offers", "1") {
        market = IMarketSettings(market_);
    }

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
        _checkTerms(offer, tokenId, units, proof);
        bytes32 orderHash = _hashTypedDataV4(_structHash(offer));

        uint256 filled = _filled[offer.offerer][orderHash];
        if (filled == CANCELLED) revert OfferCancelledError(orderHash);
        // filled <= offer.units always (checked below before every write).
        uint256 remaining;
        unchecked {
            remaining = offer.units - filled;
        }
        if (units > remaining) revert ExceedsRemaining(remaining, units);
        bool toContract = _checkSignature(offer.offerer, orderHash, signature);
        if (!market.isCoinAllowed(offer.coin)) revert CoinNotAllowed(offer.coin);

        // Effects before any external call that could reach the offerer or the seller.
        unchecked {
            filled += units;
        }
        _filled[offer.offerer][orderHash] = filled;

        _settle(offer, orderHash, tokenId, units, filled, toContract);
    }

    // ---------------------------------------------------------------- cancel

    /// @notice Cancels the caller's offers with these order hashes (a hash of someone else's
    ///         offer only marks an entry under the caller's address, which nothing reads).
    function cancelOffers(bytes32[] calldata orderHashes) external {
        for (uint256 i; i < orderHashes.length; ++i) {
            _filled[msg.sender][orderHashes[i]] = CANCELLED;
            emit OfferCancelled(msg.sender, orderHashes[i]);
        }
    }

    /// @notice Cancels every offer the caller signed so far (they carry the old counter).
    function incrementCounter() external returns (uint256 counter) {
        counter = ++_counters[msg.sender];
        emit CounterIncremented(msg.sender, counter);
    }

    // ---------------------------------------------------------------- reads

    /// @notice The EIP-712 digest (order hash) of an offer on this contract and chain.
    function hashOffer(Offer calldata offer) external view returns (bytes32) {
        return _hashTypedDataV4(_structHash(offer));
    }

    /// @notice Units filled so far and whether the offerer cancelled it.
    function offerStatus(address offerer, bytes32 orderHash) external view returns (uint256 filled, bool cancelled) {
        filled = _filled[offerer][orderHash];
        if (filled == CANCELLED) return (0, true);
    }

    function counterOf(address offerer) external view returns (uint256) {
        return _counters[offerer];
    }

    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ---------------------------------------------------------------- internals

    /// @dev Every refusal that needs no storage of this contract, cheapest first.
    function _checkTerms(Offer calldata offer, uint256 tokenId, uint256 units, bytes32[] calldata proof)
        private
        view
    {
        if (market.paused()) revert MarketPaused();
        if (units == 0 || (!offer.erc1155 && units != 1)) revert InvalidUnits(units);
        if (offer.units == CANCELLED) revert InvalidUnits(offer.units);
        if (offer.pricePerUnit == 0) revert InvalidPrice();
        if (block.timestamp < offer.start) revert OfferNotStarted(offer.start);
        if (block.timestamp >= offer.end) revert OfferExpired(offer.end);
        uint256 current = _counters[offer.offerer];
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
        if (msg.sender == offer.offerer) revert SellerIsOfferer();
    }

    function _structHash(Offer calldata offer) private pure returns (bytes32) {
        // All fields are static, so abi.encode lays them out as EIP-712's encodeData does.
        return keccak256(abi.encode(OFFER_TYPEHASH, offer));
    }

    /// @dev An EOA's 65-byte low-s signature first (no code lookup, like Seaport); otherwise
    ///      the offerer must be a contract that accepts it (EIP-1271). Returns true for a
    ///      contract offerer, which then receives ERC721s with safeTransferFrom.
    function _checkSignature(address offerer, bytes32 digest, bytes calldata signature)
        private
        view
        returns (bool isContract)
    {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err == ECDSA.RecoverError.NoError && recovered == offerer) return false;
        if (offerer.code.length != 0 && SignatureChecker.isValidERC1271SignatureNowCalldata(offerer, digest, signature)) {
            return true;
        }
        revert InvalidSignature();
    }

    function _deliver(Offer calldata offer, uint256 tokenId, uint256 units, bool toContract) private {
        if (offer.erc1155) {
            IERC1155(offer.collection).safeTransferFrom(msg.sender, offer.offerer, tokenId, units, "");
        } else if (toContract) {
            // A contract wallet gets the receiver hook, so it cannot end up with a token it cannot move.
            IERC721(offer.collection).safeTransferFrom(msg.sender, offer.offerer, tokenId);
        } else {
            IERC721(offer.collection).transferFrom(msg.sender, offer.offerer, tokenId);
        }
    }

    /// @dev Interactions: the token to the offerer, then the payments, then the event.
    function _settle(
        Offer calldata offer,
        bytes32 orderHash,
        uint256 tokenId,
        uint256 units,
        uint256 filled,
        bool toContract
    ) private {
        _deliver(offer, tokenId, units, toContract);
        Payout memory p = _pay(offer, tokenId, units);
        emit OfferAccepted(
            orderHash,
            offer.offerer,
            msg.sender,
            offer.collection,
            tokenId,
            units,
            offer.coin,
            offer.pricePerUnit,
            p.fee,
            p.royalty,
            p.royaltyReceiver,
            filled
        );
    }

    /// @dev The market's split of a sale: SaleSplit.fee over its fee settings, its royaltyOf
    ///      (market rate, else ERC-2981 capped at 10 %), the seller gets the rest.
    function _pay(Offer calldata offer, uint256 tokenId, uint256 units) private returns (Payout memory p) {
        p.gross = offer.pricePerUnit * units;
        uint256 feeNumerator;
        uint256 feeDenominator;
        (p.feeAddress, feeNumerator, feeDenominator,) = market.feeConfig();
        p.fee = SaleSplit.fee(p.gross, feeNumerator, feeDenominator);
        (p.royaltyReceiver, p.royalty) = market.royaltyOf(offer.collection, tokenId, p.gross);
        IERC20 coin = IERC20(offer.coin);
        coin.safeTransferFrom(offer.offerer, msg.sender, p.gross - p.fee - p.royalty);
        if (p.fee != 0) coin.safeTransferFrom(offer.offerer, p.feeAddress, p.fee);
        if (p.royalty != 0) coin.safeTransferFrom(offer.offerer, p.royaltyReceiver, p.royalty);
    }
}
