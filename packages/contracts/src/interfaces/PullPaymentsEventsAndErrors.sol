// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PullPaymentsEventsAndErrors
/// @notice The events and errors of a payout credited instead of paid (lib/PullPayments.sol),
///         shared by every contract that pays third parties: the market, Offers and Listings.
interface PullPaymentsEventsAndErrors {
    /// @notice `amount` of `coin` (zero: AIA) could not be paid to `payee` and is credited to it.
    event PaymentDeferred(address indexed payee, address indexed coin, uint256 amount);
    /// @notice `payee` withdrew its credited `amount` of `coin` to `to`.
    event OwedWithdrawn(address indexed payee, address indexed coin, address indexed to, uint256 amount);

    /// @notice The caller has no credited balance in `coin` to withdraw.
    error NothingOwed(address coin);
    /// @notice The withdrawal's recipient `to` is the zero address or refused the AIA.
    error OwedTransferFailed(address to);
}
