// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MarketSettingsEventsAndErrors} from "./MarketSettingsEventsAndErrors.sol";
import {PullPaymentsEventsAndErrors} from "./PullPaymentsEventsAndErrors.sol";

/// @title SignedOrderEventsAndErrors
/// @notice What every signed-order contract (Offers, Listings) shares: the settings copy's and
///         the pull payments' declarations and the refusals both families raise alike. The
///         family's own events (its fill, its cancel, its counter, named after its signer) are
///         in OffersEventsAndErrors and ListingsEventsAndErrors.
interface SignedOrderEventsAndErrors is MarketSettingsEventsAndErrors, PullPaymentsEventsAndErrors {
    /// @notice `units` is not a fill this order allows (zero, more than one of an ERC721, or an
    ///         order of type(uint256).max units, the value that marks a cancelled order).
    error InvalidUnits(uint256 units);
    /// @notice The order's price per unit is zero.
    error InvalidPrice();
    /// @notice The signature is neither the signer's low-s ECDSA signature of the order nor one
    ///         its contract accepts (EIP-1271).
    error InvalidSignature();
    /// @notice `to` refused the AIA sent to it.
    error NativeTransferFailed(address to);
}
