// Everything a user needs to wire credit links by hand.
#pragma once

#include "creditflow/core/diagnosis.hpp"
#include "creditflow/core/flit.hpp"
#include "creditflow/core/link_report.hpp"
#include "creditflow/cycle/async_fifo.hpp"
#include "creditflow/cycle/credit_crossing.hpp"
#include "creditflow/cycle/credit_loop.hpp"
#include "creditflow/cycle/credit_receiver.hpp"
#include "creditflow/cycle/credit_sender.hpp"
#include "creditflow/cycle/credit_source.hpp"
#include "creditflow/cycle/flit_crossing.hpp"
#include "creditflow/cycle/pipelined_link.hpp"
#include "creditflow/cycle/ready_valid_sink.hpp"
#include "creditflow/cycle/register_slice.hpp"
#include "creditflow/cycle/run_credit_loop.hpp"
#include "creditflow/cycle/traffic_source.hpp"
#include "creditflow/monitor/loop_monitor.hpp"
