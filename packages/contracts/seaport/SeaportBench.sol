// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Entry point of the `seaport` foundry profile (gas comparison only; never deployed by the
// product): pulls Seaport 1.6 and its conduit controller from the seaport-core npm package.
import {Seaport} from "seaport-core/src/Seaport.sol";
import {ConduitController} from "seaport-core/src/conduit/ConduitController.sol";
