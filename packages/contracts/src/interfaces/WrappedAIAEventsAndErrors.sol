// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title WrappedAIAEventsAndErrors
/// @notice Every event and custom error of the wrapped AIA (WrappedAIA.sol, WETH9's events).
interface WrappedAIAEventsAndErrors {
    /// @notice ERC-20: `owner` allowed `spender` to move `value` of its balance.
    event Approval(address indexed owner, address indexed spender, uint256 value);
    /// @notice ERC-20: `value` moved from `from` to `to`.
    event Transfer(address indexed from, address indexed to, uint256 value);
    /// @notice `value` AIA wrapped for `to`.
    event Deposit(address indexed to, uint256 value);
    /// @notice `value` unwrapped by `from` and sent back as AIA.
    event Withdrawal(address indexed from, uint256 value);

    /// @notice A balance of `balance`, less than the `needed` amount.
    error InsufficientBalance(uint256 balance, uint256 needed);
    /// @notice An allowance of `allowance`, less than the `needed` amount.
    error InsufficientAllowance(uint256 allowance, uint256 needed);
    /// @notice `to` refused the AIA sent to it.
    error NativeTransferFailed(address to);
}
