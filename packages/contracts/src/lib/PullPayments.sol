// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {PullPaymentsEventsAndErrors} from "../interfaces/PullPaymentsEventsAndErrors.sol";

/// @title PullPayments
/// @notice A trade's payout to a third party (seller, fee address, royalty receiver) that
///         fails never reverts the trade: the amount is credited to the payee in this contract
///         (PaymentDeferred) and the payee withdraws it later with `withdrawOwed(coin, to)`,
///         naming any address, so a contract wallet that refuses AIA can still route it.
/// @dev No state of its own (the market keeps its balances in its ERC-7201 namespace, the
///      other contracts in a plain mapping), so inheriting it changes no storage layout. The
///      owner of the balances is the only one who can move them; nothing here is paid from
///      anyone else's balance.
///      AIA goes out with a fixed gas stipend (NATIVE_GAS_STIPEND): enough for a smart wallet's
///      receive (a proxy, a Safe's event), while a receiver that burns all the gas it gets can
///      cost the buyer at most the stipend, and is credited. An ERC-20 transfer the token
///      refuses (a blocked holder, a paused token) is pulled into this contract instead, from
///      the same payer, and credited; if that pull fails too, the payer cannot pay and the
///      trade reverts as before.
abstract contract PullPayments is PullPaymentsEventsAndErrors {
    using SafeERC20 for IERC20;

    /// @dev Balances owed to payees, and their sum per coin (what this contract must keep).
    struct Owed {
        mapping(address coin => uint256) total;
        mapping(address coin => mapping(address payee => uint256)) balance;
    }

    /// @notice Gas given to an AIA payout to a third party.
    uint256 public constant NATIVE_GAS_STIPEND = 50_000;

    /// @dev Where this contract keeps its balances.
    function _owedStore() internal view virtual returns (Owed storage);

    /// @notice What `payee` may withdraw in `coin` (zero: AIA).
    function owedTo(address coin, address payee) external view returns (uint256) {
        return _owedStore().balance[coin][payee];
    }

    /// @notice Everything credited in `coin` and not withdrawn yet (this contract holds it).
    function owedTotal(address coin) external view returns (uint256) {
        return _owedStore().total[coin];
    }

    /// @dev Sends `amount` AIA this contract holds to `to` with the stipend; credits it on failure.
    function _sendOrCredit(address to, uint256 amount) internal {
        bool ok;
        assembly ("memory-safe") {
            ok := call(NATIVE_GAS_STIPEND, to, amount, 0, 0, 0, 0)
        }
        if (!ok) _credit(address(0), to, amount);
    }

    /// @dev `amount` of `coin` from `from` to `to`; when the token refuses, pulled here from
    ///      `from` and credited to `to` (a failing pull reverts: the payer cannot pay).
    function _transferFromOrCredit(IERC20 coin, address from, address to, uint256 amount) internal {
        if (!coin.trySafeTransferFrom(from, to, amount)) {
            coin.safeTransferFrom(from, address(this), amount);
            _credit(address(coin), to, amount);
        }
    }

    function _credit(address coin, address payee, uint256 amount) internal {
        Owed storage owed = _owedStore();
        owed.balance[coin][payee] += amount;
        owed.total[coin] += amount;
        emit PaymentDeferred(payee, coin, amount);
    }

    /// @dev The caller's whole balance in `coin` to `to`, with all the gas (the caller chose
    ///      `to`); a refusal reverts and the balance stays.
    function _withdrawOwed(address coin, address to) internal returns (uint256 amount) {
        Owed storage owed = _owedStore();
        amount = owed.balance[coin][msg.sender];
        if (amount == 0) revert NothingOwed(coin);
        if (to == address(0)) revert OwedTransferFailed(to);
        owed.balance[coin][msg.sender] = 0;
        owed.total[coin] -= amount;
        if (coin == address(0)) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert OwedTransferFailed(to);
        } else {
            IERC20(coin).safeTransfer(to, amount);
        }
        emit OwedWithdrawn(msg.sender, coin, to, amount);
    }
}
