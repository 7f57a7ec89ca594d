// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {ReentrantActor} from "./ReentrantActor.sol";

/// @notice Test-only contract wallet: accepts (EIP-1271) what its signer signs, and re-enters
///         the calls set with `setReentries` from its ERC721/ERC1155 receive hooks.
contract OfferWallet is ReentrantActor {
    address public immutable signer;

    constructor(address signer_) payable {
        signer = signer_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(hash, signature);
        return err == ECDSA.RecoverError.NoError && recovered == signer ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
