// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {SignedOrderEventsAndErrors} from "../interfaces/SignedOrderEventsAndErrors.sol";

/// @title SignedOrderBase
/// @notice The book of orders signed off chain (EIP-712) that Offers and Listings keep alike:
///         a counter per signer (bumping it voids everything the signer signed before), the
///         units filled of each order (or CANCELLED), cancelling by order hash, and the check
///         that the signer signed a digest.
/// @dev Each family names its own events (OfferCancelled, ListingCancelled, and a
///      CounterIncremented whose signer is `offerer` or `seller`), so the base emits them through
///      the two hooks below and the families keep their ABI. The hot paths read and write the
///      filled units through one computed slot, so a fill hashes the mapping key once.
abstract contract SignedOrderBase is EIP712, SignedOrderEventsAndErrors {
    /// @dev Who signed: nobody valid, the signer's key (ECDSA), or the signer's contract (EIP-1271).
    enum SignedBy {
        Nobody,
        Key,
        Contract
    }

    /// @dev Filled value marking a cancelled order (an order of this many units is refused).
    uint256 internal constant CANCELLED = type(uint256).max;

    /// @dev signer => order hash => units filled (CANCELLED once cancelled). Keyed by signer too,
    ///      so cancelling by hash needs no proof of ownership: a caller only ever writes under
    ///      its own address.
    mapping(address signer => mapping(bytes32 orderHash => uint256)) private _filled;
    mapping(address signer => uint256) private _counters;

    constructor(string memory name, string memory version) EIP712(name, version) {}

    /// @notice Cancels every order the caller signed so far (they carry the old counter).
    function incrementCounter() external returns (uint256 counter) {
        counter = ++_counters[msg.sender];
        _emitCounterIncremented(msg.sender, counter);
    }

    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @dev Marks the caller's orders with these hashes cancelled (a hash of someone else's order
    ///      only marks an entry under the caller's address, which nothing reads).
    function _cancel(bytes32[] calldata orderHashes) internal {
        for (uint256 i; i < orderHashes.length; ++i) {
            _filled[msg.sender][orderHashes[i]] = CANCELLED;
            _emitCancelled(msg.sender, orderHashes[i]);
        }
    }

    /// @dev Units filled so far and whether the signer cancelled the order.
    function _status(address signer, bytes32 orderHash) internal view returns (uint256 filled, bool cancelled) {
        filled = _filled[signer][orderHash];
        if (filled == CANCELLED) return (0, true);
    }

    function _counterOf(address signer) internal view returns (uint256) {
        return _counters[signer];
    }

    /// @dev The storage slot of the order's filled units, and what it holds: the caller reads and
    ///      writes through the slot (_writeFilled) without hashing the keys again.
    function _filledSlot(address signer, bytes32 orderHash) internal view returns (uint256 slot, uint256 filled) {
        mapping(bytes32 => uint256) storage filledOf = _filled[signer];
        assembly ("memory-safe") {
            mstore(0, orderHash)
            mstore(0x20, filledOf.slot)
            slot := keccak256(0, 0x40)
            filled := sload(slot)
        }
    }

    function _writeFilled(uint256 slot, uint256 filled) internal {
        assembly ("memory-safe") {
            sstore(slot, filled)
        }
    }

    /// @dev A 65-byte low-s ECDSA signature of the signer (v 27 or 28) first, with no code lookup
    ///      (like Seaport); otherwise the signer must be a contract that accepts it (EIP-1271).
    ///      The recovery is OpenZeppelin's ECDSA.tryRecover written out in place: the same
    ///      checks, without the returned error enum.
    function _signedBy(address signer, bytes32 digest, bytes calldata signature) internal view returns (SignedBy) {
        bool byKey;
        if (signature.length == 65) {
            assembly ("memory-safe") {
                let s := calldataload(add(signature.offset, 0x20))
                // Upper half of the curve order: malleable, refused.
                if iszero(gt(s, 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0)) {
                    let free := mload(0x40)
                    mstore(0, digest)
                    mstore(0x20, byte(0, calldataload(add(signature.offset, 0x40))))
                    mstore(0x40, calldataload(signature.offset))
                    mstore(0x60, s)
                    // A bad v or point answers no data.
                    pop(staticcall(gas(), 1, 0, 0x80, 0, 0x20))
                    byKey := and(eq(returndatasize(), 0x20), eq(mload(0), signer))
                    mstore(0x40, free)
                    mstore(0x60, 0)
                }
            }
        }
        if (byKey) return SignedBy.Key;
        if (signer.code.length != 0 && SignatureChecker.isValidERC1271SignatureNowCalldata(signer, digest, signature)) {
            return SignedBy.Contract;
        }
        return SignedBy.Nobody;
    }

    /// @dev Emits the family's cancel event (OfferCancelled, ListingCancelled).
    function _emitCancelled(address signer, bytes32 orderHash) internal virtual;

    /// @dev Emits the family's CounterIncremented (its signer named `offerer` or `seller`).
    function _emitCounterIncremented(address signer, uint256 counter) internal virtual;
}
