// SPDX-License-Identifier: MIT
// Test-only: the market implementation as deployed before the offers link (commit 90f014b,
// src/Marketplace.sol, renamed), so offers-link.test.ts can upgrade a proxy from it to the
// current implementation and check that listings and settings survive. Not deployed.
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {SaleSplit} from "../lib/SaleSplit.sol";
import {Marketplace} from "../Marketplace.sol";
import {MarketEventsAndErrors} from "../interfaces/MarketEventsAndErrors.sol";

/// @title MarketplaceLegacy
/// @notice Non-custodial NFT marketplace with on-chain listings (ERC721 and ERC1155). The NFT
///         stays in the seller's wallet (the market only holds an approval) until it is bought;
///         a sale pays seller, fee address and royalty receiver in the same transaction, so the
///         contract never holds funds. Deployed behind an ERC1967 proxy (UUPS upgrades by the
///         owner). See packages/contracts/README.md for the design notes.
/// @dev Declares its own storage layout and functions (what the upgrade test checks); the
///      events, errors, enums and sale split are the current market's, which the old one
///      declared the same way.
contract MarketplaceLegacy is
    MarketEventsAndErrors,
    Initializable, UUPSUpgradeable, OwnableUpgradeable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    // ---------------------------------------------------------------- types

    // The enums are the current market's: the same values, so the same stored bytes.

    /// @notice One listing. Packed so that a buy reads five storage slots.
    struct MarketItem {
        address nftContract;
        Marketplace.ContractType contractType;
        Marketplace.ItemStatus status;
        uint256 tokenId;
        address seller;
        uint96 amount; // amount listed
        address coin; // payment coin, zero address = native AIA
        uint96 leftAmount; // amount still for sale
        uint256 price; // price per unit, in the coin's smallest unit
    }

    /// @notice Royalty the collection owner set on the market (rate is percent x 100).
    struct RoyaltyRate {
        address receiver;
        uint16 rate;
        bool set;
    }

    /// @notice Fee settings and the pause flag, packed into one slot.
    struct Config {
        address feeAddress;
        uint32 feeNumerator;
        uint32 feeDenominator;
        // Was the owner-set royalty rate denominator; no longer read (see
        // ROYALTY_RATE_DENOMINATOR) but kept so the packed slot keeps its layout across upgrades.
        uint16 unusedRoyaltyRateDenominator;
        bool paused;
    }

    /// @custom:storage-location erc7201:aiamarket.storage.Marketplace
    struct MarketStorage {
        Config config;
        uint256 itemCount;
        mapping(uint256 itemId => MarketItem) items;
        mapping(address coin => bool) allowedCoins;
        mapping(address nftContract => RoyaltyRate) royalties;
        // ERC721: keccak(nft, tokenId); ERC1155: keccak(nft, tokenId, seller) -> latest itemId
        mapping(bytes32 listingKey => uint256) activeItem;
    }

    // keccak256(abi.encode(uint256(keccak256("aiamarket.storage.Marketplace")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE_SLOT = 0xf1ef0825e01b368d6c010abbc397ce99736f5fd16cb95fa945232413a4b5cb00;

    /// @notice Salt of the price hash a buy carries: keccak256(abi.encode(nft, tokenId, price, salt)).
    bytes32 public constant PRICE_HASH_SALT = keccak256("aiamarket.marketplace.price.v1");
    /// @notice Royalty may not exceed 10 % of the sale (1/10 of the royalty rate denominator).
    uint256 public constant MAX_ROYALTY_PERCENT = SaleSplit.MAX_ROYALTY_PERCENT;
    /// @notice Royalty rates are percent x 100. Fixed: an owner-settable denominator re-scaled
    ///         every stored rate at once (10 % could become 50 %, and a rate above the fee's
    ///         remainder made every sale of the collection revert), and clients send percent x 100.
    uint256 public constant ROYALTY_RATE_DENOMINATOR = SaleSplit.ROYALTY_RATE_DENOMINATOR;
    /// @notice Highest royalty rate: 10 % in ROYALTY_RATE_DENOMINATOR units.
    uint256 public constant MAX_ROYALTY_RATE = ROYALTY_RATE_DENOMINATOR * MAX_ROYALTY_PERCENT / 100;
    /// @notice The platform fee may not exceed 50 % of the sale.
    uint256 public constant MAX_FEE_PERCENT = 50;

    bytes4 private constant ERC721_INTERFACE = 0x80ac58cd;
    bytes4 private constant ERC1155_INTERFACE = 0xd9b67a26;

    // ---------------------------------------------------------------- setup

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy: owner, fee (numerator/denominator) and fee address, and
    ///         the payment coins allowed from the start (zero address = native AIA).
    function initialize(
        address initialOwner,
        address feeAddress,
        uint32 feeNumerator,
        uint32 feeDenominator,
        address[] calldata coins
    ) external initializer {
        __Ownable_init(initialOwner);
        MarketStorage storage $ = _s();
        _setFee(feeNumerator, feeDenominator);
        _setFeeAddress(feeAddress);
        // Announced once for indexers; the denominator never changes.
        emit RoyaltyRateDenominatorSet(ROYALTY_RATE_DENOMINATOR);
        for (uint256 i; i < coins.length; ++i) {
            $.allowedCoins[coins[i]] = true;
            emit CoinAllowed(coins[i], true);
        }
    }

    /// @notice Implementation version (bumped by every upgrade).
    function version() external pure virtual returns (string memory) {
        return "1";
    }

    // ---------------------------------------------------------------- listing

    /// @notice Lists `amount` of `tokenId` (ERC721: exactly 1) at `price` per unit in `coin`.
    ///         The market must be approved (setApprovalForAll, or approve for one ERC721).
    ///         Replaces the caller's earlier listing of the same token (ERC721: anyone's, since
    ///         only the current owner can list it).
    function createMarketItem(address nftContract, uint256 tokenId, uint256 amount, uint256 price, address coin)
        external
        nonReentrant
        returns (uint256 itemId)
    {
        MarketStorage storage $ = _s();
        if ($.config.paused) revert EnforcedPause();
        if (price == 0) revert InvalidPrice();
        if (amount == 0) revert InvalidAmount(amount);
        if (amount > type(uint96).max) revert AmountTooLarge(amount);
        if (!$.allowedCoins[coin]) revert CoinNotAllowed(coin);

        Marketplace.ContractType kind = _contractType(nftContract);
        bytes32 key;
        if (kind == Marketplace.ContractType.ERC721) {
            if (amount != 1) revert InvalidAmount(amount);
            if (_ownerOf(nftContract, tokenId) != msg.sender) revert NotTokenOwner(nftContract, tokenId);
            if (
                !IERC721(nftContract).isApprovedForAll(msg.sender, address(this))
                    && IERC721(nftContract).getApproved(tokenId) != address(this)
            ) revert MarketNotApproved(nftContract);
            key = keccak256(abi.encode(nftContract, tokenId));
        } else {
            uint256 held = IERC1155(nftContract).balanceOf(msg.sender, tokenId);
            if (held < amount) revert InsufficientHolding(held, amount);
            if (!IERC1155(nftContract).isApprovedForAll(msg.sender, address(this))) {
                revert MarketNotApproved(nftContract);
            }
            key = keccak256(abi.encode(nftContract, tokenId, msg.sender));
        }

        uint256 previous = $.activeItem[key];
        if (previous != 0) {
            MarketItem storage old = $.items[previous];
            if (old.status == Marketplace.ItemStatus.Listed) {
                // ERC721: the previous owner's listing is stale (they no longer own it).
                bool forced = old.seller != msg.sender;
                Marketplace.ItemStatus status = forced ? Marketplace.ItemStatus.ForceCancelled : Marketplace.ItemStatus.Cancelled;
                old.status = status;
                old.leftAmount = 0;
                emit MarketItemCancelled(previous, nftContract, tokenId, old.seller, msg.sender, status);
            }
        }

        itemId = ++$.itemCount;
        $.items[itemId] = MarketItem({
            nftContract: nftContract,
            contractType: kind,
            status: Marketplace.ItemStatus.Listed,
            tokenId: tokenId,
            seller: msg.sender,
            amount: uint96(amount),
            coin: coin,
            leftAmount: uint96(amount),
            price: price
        });
        $.activeItem[key] = itemId;
        emit MarketItemCreated(itemId, nftContract, tokenId, msg.sender, coin, price, amount, kind);
    }

    /// @notice Buys `amount` of listing `itemId`. `expectedPriceHash` is
    ///         priceHash(nftContract, tokenId, price) of the price the buyer saw; a changed price
    ///         reverts with PriceChanged. Native AIA: send exactly price x amount as value;
    ///         ERC-20: approve the market for price x amount first.
    function createMarketSale(uint256 itemId, uint256 amount, bytes32 expectedPriceHash)
        external
        payable
        nonReentrant
    {
        MarketStorage storage $ = _s();
        Config memory config = $.config;
        if (config.paused) revert EnforcedPause();
        MarketItem memory item = $.items[itemId];
        if (item.nftContract == address(0) || item.status != Marketplace.ItemStatus.Listed) revert NotListed(itemId);
        if (priceHash(item.nftContract, item.tokenId, item.price) != expectedPriceHash) revert PriceChanged(itemId);
        if (amount == 0) revert InvalidAmount(0);
        if (amount > item.leftAmount) revert ExceedsLeftAmount(item.leftAmount, amount);
        if (msg.sender == item.seller) revert BuyerIsSeller();
        if (!$.allowedCoins[item.coin]) revert CoinNotAllowed(item.coin);

        // The listing is only buyable while the seller still holds the whole listed amount.
        if (item.contractType == Marketplace.ContractType.ERC721) {
            if (_ownerOf(item.nftContract, item.tokenId) != item.seller) revert ListingNotValid(itemId);
        } else if (IERC1155(item.nftContract).balanceOf(item.seller, item.tokenId) < item.leftAmount) {
            revert ListingNotValid(itemId);
        }

        // Effects before any transfer.
        MarketItem storage stored = $.items[itemId];
        unchecked {
            item.leftAmount -= uint96(amount);
        }
        stored.leftAmount = item.leftAmount;
        if (item.leftAmount == 0) stored.status = Marketplace.ItemStatus.Sold;

        _settle($, config, item, itemId, amount);
    }

    /// @dev Moves the NFT to the buyer and pays seller, fee address and royalty receiver.
    function _settle(MarketStorage storage $, Config memory config, MarketItem memory item, uint256 itemId, uint256 amount)
        private
    {
        uint256 gross = item.price * amount;
        uint256 fee = SaleSplit.fee(gross, config.feeNumerator, config.feeDenominator);
        (address royaltyReceiver, uint256 royalty) = _royalty($, item.nftContract, item.tokenId, gross);

        if (item.contractType == Marketplace.ContractType.ERC721) {
            IERC721(item.nftContract).transferFrom(item.seller, msg.sender, item.tokenId);
        } else {
            IERC1155(item.nftContract).safeTransferFrom(item.seller, msg.sender, item.tokenId, amount, "");
        }

        if (item.coin == address(0)) {
            if (msg.value != gross) revert IncorrectPayment(gross, msg.value);
            _sendNative(item.seller, gross - fee - royalty);
            if (fee != 0) _sendNative(config.feeAddress, fee);
            if (royalty != 0) _sendNative(royaltyReceiver, royalty);
        } else {
            if (msg.value != 0) revert IncorrectPayment(0, msg.value);
            IERC20 token = IERC20(item.coin);
            token.safeTransferFrom(msg.sender, item.seller, gross - fee - royalty);
            if (fee != 0) token.safeTransferFrom(msg.sender, config.feeAddress, fee);
            if (royalty != 0) token.safeTransferFrom(msg.sender, royaltyReceiver, royalty);
        }
        _emitSold(itemId, item, amount, fee, royalty, royaltyReceiver);
    }

    function _emitSold(
        uint256 itemId,
        MarketItem memory item,
        uint256 amount,
        uint256 fee,
        uint256 royalty,
        address royaltyReceiver
    ) private {
        emit MarketItemSold(
            itemId,
            item.nftContract,
            msg.sender,
            item.tokenId,
            item.seller,
            item.coin,
            item.price,
            amount,
            item.leftAmount,
            fee,
            royalty,
            royaltyReceiver
        );
    }

    /// @notice Cancels a listing. The seller can always cancel; anyone else only when the
    ///         listing can no longer be bought (seller no longer holds the listed amount, or
    ///         revoked the approval): a "force cancel".
    function cancelMarketItem(uint256 itemId) external nonReentrant {
        MarketStorage storage $ = _s();
        MarketItem storage item = $.items[itemId];
        if (item.nftContract == address(0) || item.status != Marketplace.ItemStatus.Listed) revert NotListed(itemId);
        Marketplace.ItemStatus status = Marketplace.ItemStatus.Cancelled;
        if (msg.sender != item.seller) {
            if (_isValid(item)) revert ListingStillValid(itemId);
            status = Marketplace.ItemStatus.ForceCancelled;
        }
        item.status = status;
        item.leftAmount = 0;
        emit MarketItemCancelled(itemId, item.nftContract, item.tokenId, item.seller, msg.sender, status);
    }

    /// @notice Changes the unit price of the caller's listing. Buyers holding the old price
    ///         hash can no longer buy it.
    function modifyPrice(uint256 itemId, uint256 newPrice) external nonReentrant {
        MarketStorage storage $ = _s();
        if ($.config.paused) revert EnforcedPause();
        MarketItem storage item = $.items[itemId];
        if (item.nftContract == address(0) || item.status != Marketplace.ItemStatus.Listed) revert NotListed(itemId);
        if (msg.sender != item.seller) revert NotSeller(itemId);
        if (newPrice == 0) revert InvalidPrice();
        uint256 oldPrice = item.price;
        item.price = newPrice;
        emit MarketItemPriceChanged(itemId, item.nftContract, item.tokenId, item.seller, oldPrice, newPrice);
    }

    /// @notice Sets the royalty of a collection on this market: `rate` is percent x 100
    ///         (at most 10 %, i.e. MAX_ROYALTY_RATE = 1000). Callable by the
    ///         collection's owner() (Ownable) or by the market owner. Overrides ERC-2981.
    function setRoyaltyRate(address nftContract, address receiver, uint256 rate) external nonReentrant {
        MarketStorage storage $ = _s();
        if (msg.sender != owner() && msg.sender != _collectionOwner(nftContract)) {
            revert NotCollectionOwner(nftContract);
        }
        if (rate > MAX_ROYALTY_RATE) revert RoyaltyTooHigh(rate, MAX_ROYALTY_RATE);
        if (receiver == address(0) && rate != 0) revert ZeroAddress();
        $.royalties[nftContract] = RoyaltyRate({receiver: receiver, rate: uint16(rate), set: true});
        emit RoyaltyRateSet(nftContract, msg.sender, receiver, rate);
    }

    // ---------------------------------------------------------------- owner

    function setFee(uint32 numerator, uint32 denominator) external onlyOwner {
        _setFee(numerator, denominator);
    }

    function setFeeAddress(address feeAddress) external onlyOwner {
        _setFeeAddress(feeAddress);
    }

    /// @notice Allows or refuses a payment coin (zero address = native AIA). Listings in a coin
    ///         that is no longer allowed cannot be bought until it is allowed again.
    function setCoinAllowed(address coin, bool allowed) external onlyOwner {
        _s().allowedCoins[coin] = allowed;
        emit CoinAllowed(coin, allowed);
    }

    /// @notice Stops listing, buying and price changes (cancelling stays possible).
    function pause() external onlyOwner {
        Config storage config = _s().config;
        if (config.paused) revert EnforcedPause();
        config.paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyOwner {
        Config storage config = _s().config;
        if (!config.paused) revert ExpectedPause();
        config.paused = false;
        emit Unpaused(msg.sender);
    }

    /// @notice Sends coins that reached the contract by mistake (zero address = native AIA).
    ///         Sales never leave anything here.
    function withdraw(address coin, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        if (coin == address(0)) _sendNative(to, amount);
        else IERC20(coin).safeTransfer(to, amount);
        emit Withdrawn(coin, to, amount);
    }

    /// @notice Sends an ERC721 that was transferred to the contract by mistake.
    function withdrawERC721(address nftContract, uint256 tokenId, address to) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        IERC721(nftContract).transferFrom(address(this), to, tokenId);
    }

    // ---------------------------------------------------------------- reads

    /// @notice The hash a buy must carry for the listing's current price.
    function priceHash(address nftContract, uint256 tokenId, uint256 price) public pure returns (bytes32) {
        return keccak256(abi.encode(nftContract, tokenId, price, PRICE_HASH_SALT));
    }

    function getMarketItem(uint256 itemId) external view returns (MarketItem memory) {
        return _s().items[itemId];
    }

    /// @notice Number of listings ever created (item ids are 1..itemCount).
    function itemCount() external view returns (uint256) {
        return _s().itemCount;
    }

    /// @notice True while the listing is active and its seller still holds and has approved
    ///         the listed amount (otherwise it cannot be bought and anyone may cancel it).
    function isListingValid(uint256 itemId) external view returns (bool) {
        MarketItem storage item = _s().items[itemId];
        if (item.nftContract == address(0) || item.status != Marketplace.ItemStatus.Listed) return false;
        return _isValid(item);
    }

    /// @notice Latest listing id of a token (ERC721) or of a seller's holding of it (ERC1155).
    function activeItemId(address nftContract, uint256 tokenId, address seller) external view returns (uint256) {
        MarketStorage storage $ = _s();
        uint256 id = $.activeItem[keccak256(abi.encode(nftContract, tokenId))];
        if (id == 0) id = $.activeItem[keccak256(abi.encode(nftContract, tokenId, seller))];
        if (id == 0 || $.items[id].status != Marketplace.ItemStatus.Listed) return 0;
        return id;
    }

    function feeConfig()
        external
        view
        returns (address feeAddress, uint256 feeNumerator, uint256 feeDenominator, uint256 royaltyRateDenominator)
    {
        Config memory c = _s().config;
        return (c.feeAddress, c.feeNumerator, c.feeDenominator, ROYALTY_RATE_DENOMINATOR);
    }

    function paused() external view returns (bool) {
        return _s().config.paused;
    }

    function isCoinAllowed(address coin) external view returns (bool) {
        return _s().allowedCoins[coin];
    }

    /// @notice The royalty set on this market for a collection (`set` false: ERC-2981 applies).
    function royaltyRateOf(address nftContract) external view returns (address receiver, uint256 rate, bool set) {
        RoyaltyRate memory r = _s().royalties[nftContract];
        return (r.receiver, r.rate, r.set);
    }

    /// @notice Royalty a sale of `salePrice` (total) would pay, as the market computes it.
    function royaltyOf(address nftContract, uint256 tokenId, uint256 salePrice)
        external
        view
        returns (address receiver, uint256 amount)
    {
        return _royalty(_s(), nftContract, tokenId, salePrice);
    }

    // ---------------------------------------------------------------- internals

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _s() private pure returns (MarketStorage storage $) {
        assembly {
            $.slot := STORAGE_SLOT
        }
    }

    function _setFee(uint32 numerator, uint32 denominator) private {
        if (denominator == 0) revert InvalidDenominator(denominator);
        if (uint256(numerator) * 100 > uint256(denominator) * MAX_FEE_PERCENT) revert FeeTooHigh(numerator, denominator);
        Config storage config = _s().config;
        config.feeNumerator = numerator;
        config.feeDenominator = denominator;
        emit FeeSet(numerator, denominator);
    }

    function _setFeeAddress(address feeAddress) private {
        if (feeAddress == address(0)) revert ZeroAddress();
        _s().config.feeAddress = feeAddress;
        emit FeeAddressSet(feeAddress);
    }

    /// @dev Never more than MAX_ROYALTY_PERCENT of `gross`: with the fee capped at MAX_FEE_PERCENT
    ///      the seller's share can never go below zero.
    function _royalty(MarketStorage storage $, address nftContract, uint256 tokenId, uint256 gross)
        private
        view
        returns (address receiver, uint256 amount)
    {
        RoyaltyRate memory r = $.royalties[nftContract];
        if (r.set) {
            if (r.rate == 0) return (address(0), 0);
            // At most MAX_ROYALTY_RATE (setRoyaltyRate) over a fixed denominator: at most 10 %.
            return (r.receiver, SaleSplit.rateRoyalty(gross, r.rate));
        }
        // No rate set on the market: honour ERC-2981, capped at 10 %.
        return SaleSplit.erc2981Royalty(nftContract, tokenId, gross);
    }

    function _isValid(MarketItem storage item) private view returns (bool) {
        address nft = item.nftContract;
        address seller = item.seller;
        uint256 tokenId = item.tokenId;
        if (item.contractType == Marketplace.ContractType.ERC721) {
            if (_ownerOf(nft, tokenId) != seller) return false;
            if (IERC721(nft).isApprovedForAll(seller, address(this))) return true;
            (bool ok, bytes memory data) = nft.staticcall(abi.encodeCall(IERC721.getApproved, (tokenId)));
            return ok && data.length >= 32 && abi.decode(data, (address)) == address(this);
        }
        return IERC1155(nft).balanceOf(seller, tokenId) >= item.leftAmount
            && IERC1155(nft).isApprovedForAll(seller, address(this));
    }

    /// @dev ownerOf that answers the zero address for a burnt or missing token instead of reverting.
    function _ownerOf(address nft, uint256 tokenId) private view returns (address owner_) {
        (bool ok, bytes memory data) = nft.staticcall(abi.encodeCall(IERC721.ownerOf, (tokenId)));
        if (ok && data.length >= 32) owner_ = abi.decode(data, (address));
    }

    function _collectionOwner(address nft) private view returns (address owner_) {
        (bool ok, bytes memory data) = nft.staticcall(abi.encodeWithSignature("owner()"));
        if (ok && data.length >= 32) owner_ = abi.decode(data, (address));
    }

    function _contractType(address nft) private view returns (Marketplace.ContractType) {
        if (nft.code.length == 0) revert UnsupportedContract(nft);
        if (_supports(nft, ERC721_INTERFACE)) return Marketplace.ContractType.ERC721;
        if (_supports(nft, ERC1155_INTERFACE)) return Marketplace.ContractType.ERC1155;
        revert UnsupportedContract(nft);
    }

    function _supports(address nft, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory data) =
            nft.staticcall{gas: 30_000}(abi.encodeCall(IERC165.supportsInterface, (interfaceId)));
        return ok && data.length >= 32 && abi.decode(data, (bool));
    }

    function _sendNative(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to);
    }
}
