// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {SaleSplit} from "./lib/SaleSplit.sol";
import {ListingsTerms} from "./lib/ListingsTerms.sol";
import {PullPayments} from "./lib/PullPayments.sol";
import {SignedOrderBase} from "./lib/SignedOrderBase.sol";
import {ListingsEventsAndErrors} from "./interfaces/ListingsEventsAndErrors.sol";

/// @notice The market's buy, for on-chain listings in a sweep.
interface IMarketSale {
    function createMarketSale(uint256 itemId, uint256 amount, bytes32 expectedPriceHash) external payable;
    function priceHash(address nftContract, uint256 tokenId, uint256 price) external pure returns (bytes32);
}

/// @title Listings
/// @notice Signed (EIP-712) listings, one signature for one listing or for a typed tree of
///         many (bulk listing, the wallet shows every listing of it: no gas, the NFT stays in the wallet with the approval the
///         market's listing flow already asks for), and a sweep that buys up to 30 listings of
///         any kind (signed ones and the market's on-chain ones, AIA and ERC-20) in one
///         transaction: an item that can no longer be bought is skipped and its AIA returned
///         in the same transaction, the others go through.
/// @dev A separate contract rather than a market upgrade, for the reasons Offers gives (the
///      market's sale path, storage and buy gas stay as they are; its runtime has about 8 KB
///      left, not enough for this). It keeps a copy of the market settings as Offers does
///      (ListingsTerms), so a fill splits a sale exactly as a market sale; the platform fee is
///      collected here and paid to the fee address by withdrawFees (ListingsTerms says why). On-chain
///      listings in a sweep are bought through the market's own createMarketSale (the market
///      sees this contract as the buyer) and the NFT is handed on to the sweeper in the same
///      call: the sweeper, never this contract, ends up holding it, and MarketItemSwept names
///      the real buyer for indexers.
///      Payments (PullPayments): an AIA payout to a seller or royalty receiver goes out with a
///      fixed gas stipend and an ERC-20 payout the token refuses is pulled here; either is then
///      credited to the payee, who withdraws it with withdrawOwed. Crediting rather than
///      skipping the item: the buyer gets what it paid for and the payee its money, so a seller
///      whose wallet refuses AIA is neither a floor nobody can buy nor a sweep that reverts.
///      Only the sweeper's own refund still reverts on failure (its own transaction).
///      The counter, cancel and filled bookkeeping and the signature check are SignedOrderBase's
///      (shared with Offers); events and errors are declared in ListingsEventsAndErrors.
contract Listings is ListingsEventsAndErrors, SignedOrderBase, ListingsTerms, IERC1155Receiver, PullPayments {
    using SafeERC20 for IERC20;

    /// @notice One signed listing. `units`: ERC1155 units for sale (ERC721: 1); `coin` zero =
    ///         native AIA; buyable from `start` (inclusive) until `end` (exclusive).
    struct Listing {
        address seller;
        address collection;
        bool erc1155;
        uint256 tokenId;
        uint256 units;
        address coin;
        uint256 pricePerUnit;
        uint256 start;
        uint256 end;
        uint256 salt;
        uint256 counter;
    }

    /// @notice A purchase of a signed listing. `proof` empty: `signature` signs the listing;
    ///         otherwise it signs BulkListing(Listing[2]..[2] tree), nested `proof.length`
    ///         deep (1 to MAX_TREE_HEIGHT), the listing being leaf `index` (< 2^height, left to
    ///         right) and `proof` its siblings from the leaf up. EIP-712 hashes an array as the
    ///         keccak of its elements' hashes, so the tree's hash is the Merkle root of the leaves'
    ///         struct hashes, pairs hashed in position order.
    struct Fill {
        Listing listing;
        bytes signature;
        bytes32[] proof;
        uint256 index;
        uint256 units;
    }

    /// @notice A purchase of one of the market's on-chain listings in a sweep: the buyer pays
    ///         `price` x `amount` in `coin` (the price hash is computed from these, so a
    ///         changed price or a wrong coin makes the market refuse and the item is skipped).
    struct MarketBuy {
        uint256 itemId;
        uint256 amount;
        address nftContract;
        bool erc1155;
        uint256 tokenId;
        address coin;
        uint256 price;
    }

    /// @dev A sweep's payments, summed per (coin, recipient) and made once at its end: the
    ///      fee address and a collection's royalty receiver are the same for most items, often
    ///      the seller too, so ten items pay three transfers instead of thirty.
    struct Payment {
        address coin;
        address to;
        uint256 amount;
    }

    struct Ledger {
        Payment[] items;
        uint256 count;
    }

    bytes32 public constant LISTING_TYPEHASH = keccak256(
        "Listing(address seller,address collection,bool erc1155,uint256 tokenId,uint256 units,address coin,"
        "uint256 pricePerUnit,uint256 start,uint256 end,uint256 salt,uint256 counter)"
    );

    /// @notice Deepest bulk tree: 2^7 = 128 listings, room for the 100 one signature may carry
    ///         (every leaf, padding included, is shown by the wallet, so deeper trees would only
    ///         make signing prompts too long to read).
    uint256 public constant MAX_TREE_HEIGHT = 7;

    /// @dev keccak256("BulkListing(Listing[2]...[2] tree)" + the Listing type), [2] height times.
    bytes32 private constant BULK_TYPEHASH_1 = 0x2705564ecf8098d084795ad82a1a4105763c8a7fe39264c239649b6a5ae2604e;
    bytes32 private constant BULK_TYPEHASH_2 = 0xb898a31ad36f0ddff44fb397dcac9617a3b7b86492c90c56ce140547be9eb47e;
    bytes32 private constant BULK_TYPEHASH_3 = 0xcaf07a66504b07ea5ceae89fe0cb0d5942318e357d9b6afededa3663ab38c137;
    bytes32 private constant BULK_TYPEHASH_4 = 0x0f82981e52b9b18e753624a50e106fb5a7b14a50583157528ccdefa617198386;
    bytes32 private constant BULK_TYPEHASH_5 = 0x223cf2d7df2683cdcd1220a7ea6bb30cbb7ef74861522d059b3133c6961b4e3e;
    bytes32 private constant BULK_TYPEHASH_6 = 0xb39d6566def64f0aefda1a31366f38a814b291ec7d4f525a41ffd2f8e037c4fd;
    bytes32 private constant BULK_TYPEHASH_7 = 0xa8942ab97bfc86fe8fce8041eaf62b21704480e088583b191c714baf76522401;

    /// @notice Most items in one sweep.
    uint256 public constant MAX_SWEEP = 30;

    constructor(address market_) SignedOrderBase("AIAMarket Listings", "1") ListingsTerms(market_) {}

    // ---------------------------------------------------------------- buy

    /// @notice Buys one signed listing; reverts with the reason when it cannot be bought. AIA:
    ///         send exactly price x units; ERC-20: approve this contract first.
    function buy(Fill calldata fill) external payable nonReentrant {
        Ledger memory direct; // no items: _pay pays at once
        uint256 spent = _fill(fill, msg.value, direct);
        if (spent == type(uint256).max) _revertWith(_lastReason());
        if (msg.value != spent) revert IncorrectPayment(spent, msg.value);
    }

    /// @notice Buys up to MAX_SWEEP listings in one transaction. AIA items are paid from the
    ///         value sent (send at least their total); whatever is not spent, skipped items'
    ///         included, is sent back at the end. ERC-20 items are pulled from the caller
    ///         (approve this contract once per coin). Returns, per item, whether it was bought.
    function sweep(Fill[] calldata fills, MarketBuy[] calldata marketBuys)
        external
        payable
        nonReentrant
        returns (bool[] memory bought)
    {
        uint256 n = fills.length;
        uint256 total = n + marketBuys.length;
        if (total == 0 || total > MAX_SWEEP) revert TooManyItems(total);
        bought = new bool[](total);
        Ledger memory ledger = Ledger({items: new Payment[](3 * n + 1), count: 0});
        uint256 spent;
        for (uint256 i; i < n; ++i) {
            uint256 paid = _fill(fills[i], msg.value - spent, ledger);
            if (paid == type(uint256).max) {
                emit SweepItemSkipped(i, _lastReason());
            } else {
                spent += paid;
                bought[i] = true;
            }
        }
        for (uint256 j; j < marketBuys.length; ++j) {
            (bool ok, uint256 paid) = _buyFromMarket(marketBuys[j], msg.value - spent);
            if (ok) {
                spent += paid;
                bought[n + j] = true;
            } else {
                emit SweepItemSkipped(n + j, MarketBuyFailed.selector);
            }
        }
        _settle(ledger);
        if (msg.value > spent) _sendNative(msg.sender, msg.value - spent);
    }

    // ---------------------------------------------------------------- cancel

    /// @notice Cancels the caller's listings with these order hashes (bulk or single).
    function cancelListings(bytes32[] calldata orderHashes) external {
        _cancel(orderHashes);
    }

    // ---------------------------------------------------------------- reads

    /// @notice The EIP-712 digest (order hash) of a listing; the same whether it was signed
    ///         alone or in a tree, so cancelling and fill tracking do not depend on how.
    function hashListing(Listing calldata listing) external view returns (bytes32) {
        return _hashTypedDataV4(_structHash(listing));
    }

    /// @notice What a seller signs for a bulk listing: the digest of a BulkListing tree of this
    ///         height (1 to MAX_TREE_HEIGHT) whose hash (Merkle root of its leaves) is `root`.
    function hashListingTree(uint256 height, bytes32 root) external view returns (bytes32) {
        bytes32 typeHash = _bulkTypeHash(height);
        if (typeHash == 0) revert InvalidSignature();
        return _hashTypedDataV4(keccak256(abi.encode(typeHash, root)));
    }

    function listingStatus(address seller, bytes32 orderHash) external view returns (uint256 filled, bool cancelled) {
        return _status(seller, orderHash);
    }

    function counterOf(address seller) external view returns (uint256) {
        return _counterOf(seller);
    }

    /// @dev On-chain ERC1155 listings bought in a sweep arrive here first (and leave in the same
    ///      call); nothing else is accepted.
    function onERC1155Received(address operator, address, uint256, uint256, bytes calldata)
        external
        view
        returns (bytes4)
    {
        if (operator != address(market)) revert TransferFailed();
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        revert TransferFailed();
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || interfaceId == type(IERC165).interfaceId;
    }

    // ---------------------------------------------------------------- internals

    /// @dev Transient, keccak256("aiamarket.listings.reason"): the reason of the last refused fill
    ///      (for buy's revert and the skip event).
    bytes32 private constant REASON_SLOT = 0x2be3900874508bdf346b0c46603c0f23dfe7ec6e8b5eabab9ed0b05813b06f20;

    function _refuse(bytes4 reason) private returns (uint256) {
        assembly ("memory-safe") {
            tstore(REASON_SLOT, reason)
        }
        return type(uint256).max;
    }

    function _lastReason() private view returns (bytes4 reason) {
        assembly ("memory-safe") {
            reason := tload(REASON_SLOT)
        }
    }

    function _revertWith(bytes4 reason) private pure {
        assembly ("memory-safe") {
            mstore(0, reason)
            revert(0, 4)
        }
    }

    /// @dev Fills one signed listing for msg.sender. Returns the AIA it spent (0 for an ERC-20
    ///      listing), or type(uint256).max when the listing cannot be bought now (reason in
    ///      REASON_SLOT; nothing changed). Only the buyer's own failures (not enough ERC-20
    ///      balance or allowance) and the paused market revert.
    function _fill(Fill calldata fill, uint256 available, Ledger memory ledger) private returns (uint256) {
        // One validated copy in memory: each checked calldata read of a field would cost its
        // validation again.
        // orderHash zero: not signed by the seller (a digest is never zero in practice).
        (Listing memory l, bytes32 orderHash) = _loadAndVerify(fill);
        uint256 units = fill.units;
        uint256 terms = _coinWordOf(l.coin);
        if (terms & PAUSED_BIT != 0) revert MarketPaused();
        if (units == 0 || (!l.erc1155 && units != 1)) return _refuse(InvalidUnits.selector);
        if (l.units == CANCELLED) return _refuse(InvalidUnits.selector);
        if (l.pricePerUnit == 0) return _refuse(InvalidPrice.selector);
        if (block.timestamp < l.start) return _refuse(ListingNotStarted.selector);
        if (block.timestamp >= l.end) return _refuse(ListingExpired.selector);
        if (l.counter != _counterOf(l.seller)) return _refuse(CounterBumped.selector);
        if (msg.sender == l.seller) return _refuse(BuyerIsSeller.selector);
        if (terms & ALLOWED_BIT == 0) return _refuse(CoinNotAllowed.selector);

        if (orderHash == 0) return _refuse(InvalidSignature.selector);
        (uint256 slot, uint256 filled) = _filledSlot(l.seller, orderHash);
        if (filled == CANCELLED) return _refuse(ListingCancelledError.selector);
        // filled <= l.units always (checked before every write), as in Offers: no checked subtraction.
        unchecked {
            if (units > l.units - filled) return _refuse(ExceedsRemaining.selector);
        }

        // Effects, then the NFT: a seller who sold or moved it, or revoked the approval, makes
        // the transfer fail, and the fill is undone and skipped.
        unchecked {
            filled += units;
        }
        _writeFilled(slot, filled);
        if (!_deliver(l, units)) {
            unchecked {
                _writeFilled(slot, filled - units);
            }
            return _refuse(TransferFailed.selector);
        }
        return _pay(l, units, terms, orderHash, filled, available, ledger);
    }

    /// @dev The NFT from the seller to the buyer; false when the token refuses.
    function _deliver(Listing memory l, uint256 units) private returns (bool ok) {
        address collection = l.collection;
        if (collection.code.length == 0) return false;
        if (l.erc1155) {
            (ok,) = collection.call(
                abi.encodeCall(IERC1155.safeTransferFrom, (l.seller, msg.sender, l.tokenId, units, ""))
            );
        } else {
            // transferFrom(seller, buyer, tokenId) from scratch memory; a token answering
            // nothing (or anything) is fine as long as it does not revert, as with .call.
            bytes4 selector = IERC721.transferFrom.selector;
            assembly ("memory-safe") {
                let ptr := mload(0x40)
                mstore(ptr, selector)
                mstore(add(ptr, 0x04), mload(l)) // seller
                mstore(add(ptr, 0x24), caller())
                mstore(add(ptr, 0x44), mload(add(l, 0x60))) // tokenId
                ok := call(gas(), collection, 0, ptr, 0x64, 0, 0)
            }
        }
    }

    /// @dev The market's split: seller, fee address, royalty receiver; AIA from the value sent,
    ///      an ERC-20 pulled from the buyer. `available`: AIA of the value sent not spent yet.
    ///      Returns the AIA spent.
    function _pay(
        Listing memory l,
        uint256 units,
        uint256 terms,
        bytes32 orderHash,
        uint256 filled,
        uint256 available,
        Ledger memory ledger
    ) private returns (uint256 spent) {
        uint256 gross = l.pricePerUnit * units;
        uint256 fee = SaleSplit.fee(gross, uint32(terms >> 128), uint32(terms >> 160));
        (address royaltyReceiver, uint256 royalty, uint256 royaltyDue) = _royaltyOf(l, gross);
        if (l.coin == address(0)) {
            // The buyer's own shortfall reverts (it is no reason to skip an item).
            if (gross > available) revert IncorrectPayment(gross, available);
            spent = gross;
        }
        _payParts(l.coin, l.seller, gross - fee - royalty, fee, royaltyReceiver, royaltyDue, ledger);
        _emitFilled(l, orderHash, units, filled, fee, royalty, royaltyReceiver);
    }

    /// @dev A fill's payments: the seller's part and the royalty due now (to the sweep's ledger, or
    ///      at once), the fee collected here (AIA: it is part of the value sent; an ERC-20: pulled).
    function _payParts(
        address coin,
        address seller,
        uint256 sellerPart,
        uint256 fee,
        address royaltyReceiver,
        uint256 royaltyDue,
        Ledger memory ledger
    ) private {
        if (fee != 0) _collectFee(coin, fee);
        if (ledger.items.length != 0) {
            _accrue(ledger, coin, seller, sellerPart);
            if (fee != 0 && coin != address(0)) _accrue(ledger, coin, address(this), fee);
            if (royaltyDue != 0) _accrue(ledger, coin, royaltyReceiver, royaltyDue);
        } else if (coin == address(0)) {
            _sendOrCredit(seller, sellerPart);
            if (royaltyDue != 0) _sendOrCredit(royaltyReceiver, royaltyDue);
        } else {
            _transferFromOrCredit(IERC20(coin), msg.sender, seller, sellerPart);
            if (fee != 0) IERC20(coin).safeTransferFrom(msg.sender, address(this), fee);
            if (royaltyDue != 0) _transferFromOrCredit(IERC20(coin), msg.sender, royaltyReceiver, royaltyDue);
        }
    }

    /// @dev The royalty of a fill and the part of it to pay now: an AIA royalty at the market's
    ///      rate is collected here instead (ListingsTerms says why).
    function _royaltyOf(Listing memory l, uint256 gross)
        private
        returns (address receiver, uint256 royalty, uint256 due)
    {
        bool collect;
        (receiver, royalty, collect) = _royalty(l.collection, l.tokenId, gross);
        due = royalty;
        if (collect && royalty != 0 && l.coin == address(0) && _collectRoyalty(l.collection, receiver, royalty)) {
            due = 0;
        }
    }

    /// @dev emit ListingFilled(orderHash, l.seller, msg.sender, l.collection, l.tokenId, units,
    ///      l.coin, l.pricePerUnit, fee, royalty, royaltyReceiver, filled), written out because
    ///      the generated encoder needs more stack than _pay has left (the copy was checked).
    function _emitFilled(
        Listing memory l,
        bytes32 orderHash,
        uint256 units,
        uint256 filled,
        uint256 fee,
        uint256 royalty,
        address royaltyReceiver
    ) private {
        bytes32 topic = ListingFilled.selector;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, mload(add(l, 0x20))) // collection
            mstore(add(ptr, 0x20), mload(add(l, 0x60))) // tokenId
            mstore(add(ptr, 0x40), units)
            mstore(add(ptr, 0x60), mload(add(l, 0xa0))) // coin
            mstore(add(ptr, 0x80), mload(add(l, 0xc0))) // pricePerUnit
            mstore(add(ptr, 0xa0), fee)
            mstore(add(ptr, 0xc0), royalty)
            mstore(add(ptr, 0xe0), royaltyReceiver)
            mstore(add(ptr, 0x100), filled)
            log4(ptr, 0x120, topic, orderHash, mload(l), caller())
        }
    }

    /// @dev Adds `amount` of `coin` for `to` to the sweep's payments.
    function _accrue(Ledger memory ledger, address coin, address to, uint256 amount) private pure {
        Payment[] memory items = ledger.items;
        uint256 count = ledger.count;
        for (uint256 i; i < count; ++i) {
            Payment memory p = items[i];
            if (p.to == to && p.coin == coin) {
                p.amount += amount;
                return;
            }
        }
        items[count] = Payment({coin: coin, to: to, amount: amount});
        ledger.count = count + 1;
    }

    /// @dev The sweep's payments: AIA from the value sent, ERC-20s pulled from the buyer. A
    ///      payee that refuses is credited (PullPayments): the other items are not undone.
    function _settle(Ledger memory ledger) private {
        Payment[] memory items = ledger.items;
        for (uint256 i; i < ledger.count; ++i) {
            Payment memory p = items[i];
            if (p.amount == 0) continue;
            if (p.coin == address(0)) _sendOrCredit(p.to, p.amount);
            else _transferFromOrCredit(IERC20(p.coin), msg.sender, p.to, p.amount);
        }
    }

    /// @dev Buys an on-chain market listing through the market and hands the NFT on to the
    ///      sweeper. `available`: AIA left of the value sent. False (nothing spent, nothing
    ///      kept) when the market refuses the buy.
    function _buyFromMarket(MarketBuy calldata b, uint256 available) private returns (bool, uint256) {
        uint256 gross = b.price * b.amount;
        bytes32 hash = IMarketSale(address(market)).priceHash(b.nftContract, b.tokenId, b.price);
        if (b.coin == address(0)) {
            if (gross > available) revert IncorrectPayment(gross, available);
            try IMarketSale(address(market)).createMarketSale{value: gross}(b.itemId, b.amount, hash) {}
            catch {
                return (false, 0);
            }
        } else {
            // The market pulls from its buyer, this contract: the sweeper's coins pass through
            // for exactly this buy, and go back if the market refuses it.
            IERC20 coin = IERC20(b.coin);
            coin.safeTransferFrom(msg.sender, address(this), gross);
            coin.forceApprove(address(market), gross);
            try IMarketSale(address(market)).createMarketSale(b.itemId, b.amount, hash) {}
            catch {
                coin.forceApprove(address(market), 0);
                coin.safeTransfer(msg.sender, gross);
                return (false, 0);
            }
        }
        if (b.erc1155) {
            IERC1155(b.nftContract).safeTransferFrom(address(this), msg.sender, b.tokenId, b.amount, "");
        } else {
            IERC721(b.nftContract).transferFrom(address(this), msg.sender, b.tokenId);
        }
        emit MarketItemSwept(b.itemId, msg.sender, b.amount);
        return (true, b.coin == address(0) ? gross : 0);
    }

    /// @dev keccak256(abi.encode(LISTING_TYPEHASH, listing)): all 11 fields are static.
    function _structHash(Listing calldata listing) private pure returns (bytes32) {
        return keccak256(abi.encode(LISTING_TYPEHASH, listing));
    }

    /// @dev The listing in memory, its order hash, and whether its seller signed it (alone, or
    ///      in the BulkListing tree its index and proof lead to from the listing's struct hash).
    ///      Answers a zero order hash for a listing its seller did not sign.
    function _loadAndVerify(Fill calldata fill) private view returns (Listing memory l, bytes32 orderHash) {
        bytes32 structHash = _load(fill.listing, l);
        orderHash = _hashTypedDataV4(structHash);
        bytes32 signed = orderHash;
        uint256 height = fill.proof.length;
        if (height != 0) {
            bytes32 typeHash = _bulkTypeHash(height);
            uint256 index = fill.index;
            // A height without a type, or an index beyond the tree: not a tree anyone signed.
            if (typeHash == 0 || index >> height != 0) return (l, 0);
            signed = _hashTypedDataV4(keccak256(abi.encode(typeHash, _treeRoot(structHash, index, fill.proof))));
        }
        if (_signedBy(l.seller, signed, fill.signature) == SignedBy.Nobody) orderHash = 0;
    }

    /// @dev The type hash of a BulkListing tree of `height`; zero for none.
    function _bulkTypeHash(uint256 height) private pure returns (bytes32) {
        if (height == 1) return BULK_TYPEHASH_1;
        if (height == 2) return BULK_TYPEHASH_2;
        if (height == 3) return BULK_TYPEHASH_3;
        if (height == 4) return BULK_TYPEHASH_4;
        if (height == 5) return BULK_TYPEHASH_5;
        if (height == 6) return BULK_TYPEHASH_6;
        if (height == 7) return BULK_TYPEHASH_7;
        return 0;
    }

    /// @dev The root from leaf `index` up: at level i the node is the left child when bit i of
    ///      the index is 0 (position order, not sorted pairs: the order EIP-712 hashes an array).
    function _treeRoot(bytes32 leaf, uint256 index, bytes32[] calldata proof) private pure returns (bytes32 node) {
        node = leaf;
        assembly ("memory-safe") {
            let end := add(proof.offset, shl(5, proof.length))
            for { let p := proof.offset } lt(p, end) { p := add(p, 0x20) } {
                let right := and(index, 1)
                // Scratch space: node at 0x00 (left) or 0x20 (right), the sibling in the other.
                mstore(shl(5, right), node)
                mstore(shl(5, xor(right, 1)), calldataload(p))
                node := keccak256(0, 0x40)
                index := shr(1, index)
            }
        }
    }

    /// @dev The listing copied into `l` (already allocated: a second copy would cost its
    ///      zeroing and memory again), with its struct hash: one calldatacopy and one check of the
    ///      words that can carry bits their type forbids (seller, collection, erc1155, coin),
    ///      which revert as the ABI decoder would. The hash covers the checked words, so it is
    ///      the hash of the listing as signed; the type hash goes in the word before `l` for the
    ///      hashing, which is put back after.
    function _load(Listing calldata listing, Listing memory l) private pure returns (bytes32 structHash) {
        bytes32 typeHash = LISTING_TYPEHASH;
        assembly ("memory-safe") {
            calldatacopy(l, listing, 0x160)
            if or(
                or(shr(160, mload(l)), shr(160, mload(add(l, 0x20)))),
                or(gt(mload(add(l, 0x40)), 1), shr(160, mload(add(l, 0xa0))))
            ) { revert(0, 0) }
            let before := sub(l, 0x20)
            let saved := mload(before)
            mstore(before, typeHash)
            structHash := keccak256(before, 0x180)
            mstore(before, saved)
        }
    }

    /// @dev Only the sweeper's refund: all the gas, and a refusal reverts its own sweep.
    function _sendNative(address to, uint256 amount) private {
        bool ok;
        assembly ("memory-safe") {
            ok := call(gas(), to, amount, 0, 0, 0, 0)
        }
        if (!ok) revert NativeTransferFailed(to);
    }

    function _payOut(address coin, address to, uint256 amount) internal override {
        if (coin == address(0)) _sendNative(to, amount);
        else IERC20(coin).safeTransfer(to, amount);
    }

    function _emitCancelled(address seller, bytes32 orderHash) internal override {
        emit ListingCancelled(seller, orderHash);
    }

    function _emitCounterIncremented(address seller, uint256 counter) internal override {
        emit CounterIncremented(seller, counter);
    }

    // ---------------------------------------------------------------- payments owed

    /// @dev Payouts that failed, credited to their payees (PullPayments).
    Owed private _owed;

    /// @notice Sends the caller's credited balance in `coin` (zero: AIA) to `to`.
    function withdrawOwed(address coin, address to) external nonReentrant returns (uint256) {
        return _withdrawOwed(coin, to);
    }

    function _owedStore() internal view override returns (Owed storage) {
        return _owed;
    }
}
