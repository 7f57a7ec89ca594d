// SPDX-License-Identifier: MIT
// Test-only: a stand-in for the market implementation deployed before the offers link, so
// offers-link.test.ts can put a proxy on it, list and set a royalty through it, upgrade the
// proxy to the current implementation and check that listings and settings survive. Not deployed.
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {SaleSplit} from "../lib/SaleSplit.sol";
import {Marketplace} from "../Marketplace.sol";

/// @title MarketplaceLegacy
/// @notice The old market's storage and the calls the upgrade test makes before upgrading:
///         initialize, createMarketItem, setRoyaltyRate and the two reads it compares after.
/// @dev The old layout is declared here (LegacyStorage), not taken from the current
///      MarketStorage: an upgrade that moved a field the old one wrote then fails the test. The
///      structs stored in it (Config, MarketItem, RoyaltyRate) are the current market's, which
///      the old one declared the same way. The market's checks and buys are not repeated:
///      the test buys only after the upgrade, through the current implementation.
contract MarketplaceLegacy is Initializable, UUPSUpgradeable, OwnableUpgradeable {
    /// @dev The old MarketStorage: the current one appends its fields after these.
    /// @custom:storage-location erc7201:aiamarket.storage.Marketplace
    struct LegacyStorage {
        Marketplace.Config config;
        uint256 itemCount;
        mapping(uint256 => Marketplace.MarketItem) items;
        mapping(address => bool) allowedCoins;
        mapping(address => Marketplace.RoyaltyRate) royalties;
        mapping(bytes32 => uint256) activeItem;
    }

    // keccak256(abi.encode(uint256(keccak256("aiamarket.storage.Marketplace")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE_SLOT = 0xf1ef0825e01b368d6c010abbc397ce99736f5fd16cb95fa945232413a4b5cb00;

    bytes4 private constant ERC721_INTERFACE = 0x80ac58cd;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    function initialize(
        address initialOwner,
        address feeAddress,
        uint32 feeNumerator,
        uint32 feeDenominator,
        address[] calldata coins
    ) external initializer {
        __Ownable_init(initialOwner);
        LegacyStorage storage $ = _s();
        $.config.feeAddress = feeAddress;
        $.config.feeNumerator = feeNumerator;
        $.config.feeDenominator = feeDenominator;
        for (uint256 i; i < coins.length; ++i) {
            $.allowedCoins[coins[i]] = true;
        }
    }

    /// @notice Stores the listing as the old market did (the caller is the seller; no checks).
    function createMarketItem(address nftContract, uint256 tokenId, uint256 amount, uint256 price, address coin)
        external
        returns (uint256 itemId)
    {
        LegacyStorage storage $ = _s();
        bool erc721 = IERC165(nftContract).supportsInterface(ERC721_INTERFACE);
        itemId = ++$.itemCount;
        Marketplace.ContractType kind = erc721 ? Marketplace.ContractType.ERC721 : Marketplace.ContractType.ERC1155;
        $.items[itemId] = Marketplace.MarketItem(
            nftContract, kind, Marketplace.ItemStatus.Listed, tokenId, msg.sender, uint96(amount), coin, uint96(amount), price
        );
        bytes32 key = erc721
            ? keccak256(abi.encode(nftContract, tokenId))
            : keccak256(abi.encode(nftContract, tokenId, msg.sender));
        $.activeItem[key] = itemId;
    }

    function setRoyaltyRate(address nftContract, address receiver, uint256 rate) external onlyOwner {
        _s().royalties[nftContract] = Marketplace.RoyaltyRate({receiver: receiver, rate: uint16(rate), set: true});
    }

    function getMarketItem(uint256 itemId) external view returns (Marketplace.MarketItem memory) {
        return _s().items[itemId];
    }

    function feeConfig() external view returns (address, uint256, uint256, uint256) {
        Marketplace.Config memory c = _s().config;
        return (c.feeAddress, c.feeNumerator, c.feeDenominator, SaleSplit.ROYALTY_RATE_DENOMINATOR);
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _s() private pure returns (LegacyStorage storage $) {
        assembly {
            $.slot := STORAGE_SLOT
        }
    }
}
